/// Captions for the generated part of the demo feed: places around the world
/// and what people wrote about them, grouped by the scene the image paints.
enum DemoCatalogue {
    /// Cycles through every scene in shuffled rounds so neighbours differ, and
    /// leaves out descriptions and locations now and then, as real posts do.
    /// Cycles through every scene in shuffled rounds so neighbours differ, and
    /// leaves out descriptions and locations now and then, as real posts do. A description
    /// always goes with the place it was written about.
    static func posts(count: Int, random: inout SplitMix64) -> [DemoPost] {
        var captionsByScene: [DemoScene: [(location: String, description: String)]] = [:]
        for scene in DemoScene.allCases {
            captionsByScene[scene] = random.shuffled(captions(for: scene))
        }
        var uses: [DemoScene: Int] = [:]
        var scenes: [DemoScene] = []
        while scenes.count < count {
            scenes += random.shuffled(DemoScene.allCases)
        }

        return scenes.prefix(count).enumerated().map { index, scene in
            let use = uses[scene, default: 0]
            uses[scene] = use + 1
            let caption = (captionsByScene[scene] ?? []).cycled(at: use)
            let hidesBoth = index % 16 == 10
            let description = hidesBoth || index % 9 == 4 ? nil : caption?.description
            let location = hidesBoth || index % 11 == 7 ? nil : caption?.location
            return DemoPost(scene: scene, description: description, location: location)
        }
    }

    /// Places that look like what the scene paints, each with what someone wrote there.
    static func captions(for scene: DemoScene) -> [(location: String, description: String)] {
        switch scene {
        case .sunset:
            return [
                ("Oia, Σαντορίνη", "Ο ήλιος βουτάει στο Αιγαίο."),
                ("Praia do Arpoador, Rio de Janeiro", "A praia inteira aplaudiu o pôr do sol 🌅"),
                ("Cabo da Roca, Portugal", "The westernmost point of Europe, and the sun still set before us."),
                ("Key West, Florida", "Everyone at Mallory Square stopped talking when the sun touched the water."),
                ("Zanzibar, Tanzania", "Dhows crossing the last light of the day."),
                ("江の島, 神奈川県", "夕焼けがきれいすぎて、電車を一本見送った。"),
                ("Essaouira, Maroc", "Golden hour over the harbour walls, no filter.")
            ]
        case .mountains:
            return [
                ("Torres del Paine, Chile", "Llegamos a las torres justo antes de que bajaran las nubes."),
                ("Zermatt, Schweiz", "Three ridges, three shades of blue."),
                ("Μετέωρα, Καλαμπάκα", "Πρωινή πεζοπορία με θέα που κόβει την ανάσα."),
                ("Banff National Park, Canada", "Made it to the top before the clouds rolled in."),
                ("富士山, 山梨県", "朝焼けの富士。寒かったけど来てよかった。"),
                ("Serra da Estrela, Portugal", "Cinco horas de trilha e valeu cada passo ⛰️"),
                ("Annapurna Base Camp, नेपाल", "Thin air, big views.")
            ]
        case .waves:
            return [
                ("Nazaré, Portugal", "Ondas gigantes e um mar de gente a assistir."),
                ("Bondi Beach, Sydney", "Surf's up, coffee's cold ☕️🏄"),
                ("Ναυάγιο, Ζάκυνθος", "Κρυστάλλινα νερά, ούτε ένα σύννεφο."),
                ("Biarritz, France", "The ocean was in a mood today 🌊"),
                ("湘南海岸, 神奈川県", "波の音だけが聞こえる朝。"),
                ("Tulum, Quintana Roo", "El mar de color turquesa, como en las postales."),
                ("Cape Town, South Africa", "Sat on the rocks for an hour just listening.")
            ]
        case .starryNight:
            return [
                ("Desierto de Atacama, Chile", "Cielo despejado, millones de estrellas."),
                ("Reykjavík, Ísland", "Long exposure, cold fingers, no regrets."),
                ("Αρχαία Ολυμπία", "Νύχτα με αστέρια, χωρίς φώτα πόλης."),
                ("Mauna Kea, Hawaiʻi", "Stayed up until 3am for this sky ✨"),
                ("Tromsø, Norge", "Counted eleven shooting stars."),
                ("奈良公園, 奈良県", "満月の夜、鹿たちも静かだった。"),
                ("Alentejo, Portugal", "Lua cheia sobre o Alentejo 🌕")
            ]
        case .skyline:
            return [
                ("New York, NY", "The city never really sleeps."),
                ("新宿, 東京都", "新宿の夜景、ビルの窓が全部星みたい。"),
                ("São Paulo, Brasil", "Sampa vista do terraço 🏙️"),
                ("Αθήνα, Ελλάδα", "Η Αθήνα από ψηλά, λίγο πριν σκοτεινιάσει."),
                ("Hong Kong", "Rooftop view after a very long week."),
                ("Ciudad de México", "Las luces de la ciudad desde la azotea."),
                ("Chicago, Illinois", "Counting lit windows instead of sheep.")
            ]
        case .stripes:
            return [
                ("Burano, Venezia", "Every house a different colour 🎨"),
                ("Wynwood Walls, Miami", "Found this mural on the way to breakfast."),
                ("Valparaíso, Chile", "Los murales de Valparaíso nunca decepcionan."),
                ("Shoreditch, London", "Stripes, stripes everywhere."),
                ("Beco do Batman, São Paulo", "Arte urbana em cada esquina."),
                ("Nyhavn, København", "Painted façades all along the canal."),
                ("Ψυρρή, Αθήνα", "Ζωγραφιστοί τοίχοι στο κέντρο της πόλης.")
            ]
        case .tiles:
            return [
                ("Alfama, Lisboa", "Azulejos por todo o lado 💙"),
                ("Real Alcázar, Sevilla", "Los azulejos del Alcázar, cada uno distinto."),
                ("Palazzo Vecchio, Firenze", "This floor is older than my country."),
                ("Marrakech, المغرب", "Couldn't stop photographing the zellige."),
                ("Ribeira, Porto", "Cada fachada da Ribeira tem os seus azulejos."),
                ("Πλάκα, Αθήνα", "Πλακάκια από άλλη εποχή."),
                ("Topkapı Sarayı, İstanbul", "Iznik tiles, every one painted by hand.")
            ]
        case .ripples:
            return [
                ("嵐山, 京都府", "庭の池に落ちた一滴。"),
                ("Lago di Como, Italia", "Two stones, one lake."),
                ("Jardim Botânico, Rio de Janeiro", "Um pingo e o lago inteiro se mexe."),
                ("Central Park, New York", "Ripples after the first raindrop."),
                ("Λίμνη Κερκίνη", "Κύκλοι στο νερό, ηρεμία."),
                ("Parque del Retiro, Madrid", "Ondas en el estanque del Retiro."),
                ("Plitvička jezera, Hrvatska", "Hypnotic, I watched it for ages.")
            ]
        case .lanterns:
            return [
                ("Hội An, Việt Nam", "Lantern night in the old town 🏮"),
                ("Chiang Mai, ประเทศไทย", "Lanterns all the way down the street for Yi Peng."),
                ("浅草, 東京都", "提灯の光がにじんで見えた。"),
                ("Campina Grande, Paraíba", "Balões e bandeirinhas, é São João!"),
                ("Weihnachtsmarkt, Berlin", "Bokeh from the Christmas market lights."),
                ("Θεσσαλονίκη", "Φωτάκια παντού στην παραλία."),
                ("Jaipur, भारत", "Out of focus on purpose: Diwali lights.")
            ]
        }
    }
}

private extension Array {
    func cycled(at index: Int) -> Element? {
        isEmpty ? nil : self[index % count]
    }
}
