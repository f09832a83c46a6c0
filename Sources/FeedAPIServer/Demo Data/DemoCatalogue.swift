/// Captions for the generated part of the demo feed: places around the world
/// and what people wrote about them, grouped by the scene the image paints.
enum DemoCatalogue {
    /// Cycles through every scene in shuffled rounds so neighbours differ, and
    /// leaves out descriptions and locations now and then, as real posts do.
    static func posts(count: Int, random: inout SplitMix64) -> [DemoPost] {
        var captions: [DemoScene: (locations: [String], descriptions: [String])] = [:]
        for scene in DemoScene.allCases {
            let (locations, descriptions) = texts(for: scene)
            captions[scene] = (random.shuffled(locations), random.shuffled(descriptions))
        }
        var uses: [DemoScene: Int] = [:]
        var scenes: [DemoScene] = []
        while scenes.count < count {
            scenes += random.shuffled(DemoScene.allCases)
        }

        return scenes.prefix(count).enumerated().map { index, scene in
            let use = uses[scene, default: 0]
            uses[scene] = use + 1
            let caption = captions[scene] ?? ([], [])
            let hidesBoth = index % 16 == 10
            let description = hidesBoth || index % 9 == 4 ? nil : caption.descriptions.cycled(at: use)
            let location = hidesBoth || index % 11 == 7 ? nil : caption.locations.cycled(at: use)
            return DemoPost(scene: scene, description: description, location: location)
        }
    }

    private static func texts(for scene: DemoScene) -> (locations: [String], descriptions: [String]) {
        switch scene {
        case .sunset:
            return ([
                "Oia, Σαντορίνη", "Praia do Arpoador, Rio de Janeiro", "Cabo da Roca, Portugal", "Key West, Florida",
                "Uluru, Northern Territory", "江の島, 神奈川県", "Essaouira, Maroc",
            ], [
                "Golden hour never gets old 🌅", "Ο ήλιος βουτάει στο Αιγαίο.", "O pôr do sol mais bonito da viagem.",
                "Everyone stopped talking when the sun touched the water.", "夕焼けがきれいすぎて、電車を一本見送った。",
                "Last light of the day, no filter.", "El cielo se puso naranja en cinco minutos.",
            ])
        case .mountains:
            return ([
                "Torres del Paine, Chile", "Zermatt, Schweiz", "Μετέωρα, Καλαμπάκα", "Banff National Park, Canada",
                "富士山, 山梨県", "Serra da Estrela, Portugal", "Annapurna Base Camp, नेपाल",
            ], [
                "Made it to the top before the clouds rolled in.", "Πρωινή πεζοπορία με θέα που κόβει την ανάσα.",
                "Cinco horas de trilha e valeu cada passo ⛰️", "Three ridges, three shades of blue.",
                "朝焼けの富士。寒かったけど来てよかった。", "La cordillera desde el mirador, sin palabras.", "Thin air, big views.",
            ])
        case .waves:
            return ([
                "Nazaré, Portugal", "Bondi Beach, Sydney", "Ναυάγιο, Ζάκυνθος", "Biarritz, France",
                "湘南海岸, 神奈川県", "Tulum, Quintana Roo", "Cape Town, South Africa",
            ], [
                "The ocean was in a mood today 🌊", "Ondas gigantes e um mar de gente a assistir.",
                "Κρυστάλλινα νερά, ούτε ένα σύννεφο.", "Sat here for an hour just listening.", "波の音だけが聞こえる朝。",
                "Surf's up, coffee's cold ☕️🏄", "El mar de color turquesa, como en las postales.",
            ])
        case .starryNight:
            return ([
                "Desierto de Atacama, Chile", "Reykjavík, Ísland", "Αρχαία Ολυμπία", "Mauna Kea, Hawaiʻi",
                "Tromsø, Norge", "奈良公園, 奈良県", "Alentejo, Portugal",
            ], [
                "Stayed up until 3am for this sky ✨", "Lua cheia sobre o Alentejo 🌕", "Νύχτα με αστέρια, χωρίς φώτα πόλης.",
                "Counted eleven shooting stars.", "満月の夜、鹿たちも静かだった。", "Cielo despejado, millones de estrellas.",
                "Long exposure, cold fingers, no regrets.",
            ])
        case .skyline:
            return ([
                "New York, NY", "新宿, 東京都", "São Paulo, Brasil", "Αθήνα, Ελλάδα",
                "Hong Kong", "Ciudad de México", "Chicago, Illinois",
            ], [
                "The city never really sleeps.", "新宿の夜景、ビルの窓が全部星みたい。", "Sampa vista do terraço 🏙️",
                "Η Αθήνα από ψηλά, λίγο πριν σκοτεινιάσει.", "Rooftop view after a very long week.",
                "Las luces de la ciudad desde la azotea.", "Counting lit windows instead of sheep.",
            ])
        case .stripes:
            return ([
                "Burano, Venezia", "Wynwood Walls, Miami", "Valparaíso, Chile", "Shoreditch, London",
                "Beco do Batman, São Paulo", "Nyhavn, København", "Ψυρρή, Αθήνα",
            ], [
                "Every house a different colour 🎨", "Arte urbana em cada esquina.", "Found this mural on the way to breakfast.",
                "Los murales de Valparaíso nunca decepcionan.", "Stripes, stripes everywhere.",
                "Ζωγραφιστοί τοίχοι στο κέντρο της πόλης.", "壁一面のストライプ、思わず立ち止まった。",
            ])
        case .tiles:
            return ([
                "Alfama, Lisboa", "Real Alcázar, Sevilla", "Palazzo Vecchio, Firenze", "Marrakech, المغرب",
                "Ribeira, Porto", "Πλάκα, Αθήνα", "Topkapı Sarayı, İstanbul",
            ], [
                "Azulejos por todo o lado 💙", "This floor is older than my country.", "Los azulejos del Alcázar, cada uno distinto.",
                "Couldn't stop photographing the tiles.", "Πλακάκια από άλλη εποχή.", "Chess, anyone? ♟️",
                "タイルの模様がかわいすぎる。",
            ])
        case .ripples:
            return ([
                "嵐山, 京都府", "Lago di Como, Italia", "Jardim Botânico, Rio de Janeiro", "Central Park, New York",
                "Λίμνη Κερκίνη", "Parque del Retiro, Madrid", "Plitvička jezera, Hrvatska",
            ], [
                "Ripples after the first raindrop.", "庭の池に落ちた一滴。", "Um pingo e o lago inteiro se mexe.",
                "Hypnotic, I watched it for ages.", "Ondas en el estanque del Retiro.", "Κύκλοι στο νερό, ηρεμία.",
                "Two stones, one pond.",
            ])
        case .lanterns:
            return ([
                "Hội An, Việt Nam", "Chiang Mai, ประเทศไทย", "浅草, 東京都", "Campina Grande, Paraíba",
                "Weihnachtsmarkt, Berlin", "Θεσσαλονίκη", "Jaipur, भारत",
            ], [
                "Lantern night in the old town 🏮", "提灯の光がにじんで見えた。", "Bokeh from the Christmas market lights.",
                "Balões e bandeirinhas, é São João!", "Out of focus on purpose.", "Φωτάκια παντού στην παραλία.",
                "Festival lights all the way down the street.",
            ])
        }
    }
}

private extension Array {
    func cycled(at index: Int) -> Element? {
        isEmpty ? nil : self[index % count]
    }
}
