/// The demo news: cat stories with a headline, a teaser and several paragraphs each.
enum DemoNewsStories {
    struct Story {
        let headline: String
        let teaser: String
        /// The story's photo: a cat where the story happens.
        let picture: DemoNewsPicture
        let paragraphs: [String]
    }

    static let all: [Story] = [
        Story(
            headline: "Ginger cat elected honorary mayor of harbour town",
            teaser: "Marmalade won by a landslide after a campaign of naps on the town hall steps.",
            picture: .picture(.sunset, .ginger, "A ginger cat sitting by the harbour as the sun sets over the sea"),
            paragraphs: [
                "Residents of the small harbour town voted on Saturday, and the result surprised nobody: Marmalade, a ginger tom who has slept on the town hall steps for six years, took 71 % of the ballots.",
                "His duties are mostly ceremonial. The council has promised him a cushion in the mayor's office and first pick of the morning's catch at the fish market.",
                "\"He listens to everyone and never interrupts,\" said one voter. \"That is more than we can say for most politicians.\""
            ]),
        Story(
            headline: "Library cat celebrates ten years among the shelves",
            teaser: "Dewey has greeted readers at the door every morning since 2016.",
            picture: .picture(.tiles, .greyTabby, "A grey tabby cat sitting in front of a wall of patterned tiles"),
            paragraphs: [
                "The central library threw a small party for Dewey, the grey tabby who arrived as a kitten in a box of donated books and never left.",
                "Staff say he has a favourite section — local history, where the radiator is warmest — and that children read aloud to him every Thursday afternoon.",
                "A commemorative bookmark with his portrait is free at the front desk while stocks last."
            ]),
        Story(
            headline: "Cat rescued from rooftop after three-day stand-off",
            teaser: "Firefighters, a ladder and a tin of sardines finally brought Pepper down.",
            picture: .picture(.skyline, .black, "A black cat sitting high above the town at dusk, lit windows behind her"),
            paragraphs: [
                "Pepper climbed onto the roof of a bakery on Monday morning and refused every offer to come down for three days.",
                "Neighbours kept watch in shifts, and the baker left croissant crumbs on the gutter. In the end it was a tin of sardines, held up on a fire brigade ladder, that did it.",
                "Pepper is home again, unharmed, and according to her family entirely unrepentant."
            ]),
        Story(
            headline: "Study finds cats recognise their names — and choose to ignore them",
            teaser: "Researchers played recordings of owners' voices to 78 cats.",
            picture: .picture(.stripes, .cream, "A cream cat sitting in front of a brightly striped wall, ears pricked at a voice"),
            paragraphs: [
                "Cats can tell their own name from other words of the same length, a study of 78 household cats has found: their ears and heads moved when they heard it.",
                "Whether they then came was another matter. Only one cat in ten walked towards the speaker.",
                "\"Recognising is not the same as obeying,\" the lead researcher said. \"Anyone who lives with a cat already knew that.\""
            ]),
        Story(
            headline: "Railway station appoints feline stationmaster",
            teaser: "Tama II wears a cap, inspects the platform and has doubled ticket sales.",
            picture: .picture(.lanterns, .calico, "A calico cat sitting among the blurred lights of lamps at night"),
            paragraphs: [
                "A rural railway line struggling for passengers has a new stationmaster: a calico cat named Tama II, complete with a tiny uniform cap.",
                "Visitors travel from across the region to see her inspect the platform at 10 o'clock every morning.",
                "The line's operator says weekend ticket sales have doubled since her appointment in the spring."
            ]),
        Story(
            headline: "Café of twelve rescue cats opens in the old post office",
            teaser: "Every cat can be adopted, and three already have been.",
            picture: .picture(.lanterns, .tortoiseshell, "A tortoiseshell cat sitting among glowing lantern lights"),
            paragraphs: [
                "The old post office on Market Street has reopened as a café where twelve rescued cats roam between the tables.",
                "Visitors book a one-hour slot, and the cats choose whom they sit with. Every one of them can be adopted after two visits and a home check.",
                "Three found homes in the first week, and the shelter that runs the café says its waiting list has never been shorter."
            ]),
        Story(
            headline: "Cat walks 200 kilometres home after family move",
            teaser: "Biscuit reappeared at her old door, thin but purring, after four months.",
            picture: .picture(.mountains, .cream, "A cream cat resting in front of mountain ridges"),
            paragraphs: [
                "When her family moved across the country, Biscuit slipped out of the new house on the second night and vanished.",
                "Four months later she turned up at the door of the old house, 200 kilometres away. The new owners recognised her from a poster and called the number.",
                "Vets say such journeys are rare but not unknown. Biscuit has been fitted with a microchip and a bell."
            ]),
        Story(
            headline: "Marathon runner joined by stray for the final ten kilometres",
            teaser: "The black cat crossed the finish line first and took a medal home.",
            picture: .picture(.skyline, .black, "A black cat sitting in front of the city's skyline at dusk"),
            paragraphs: [
                "Spectators at the city marathon cheered an unexpected competitor on Sunday: a black stray who fell in beside the runners at the 32-kilometre mark.",
                "The cat kept pace with a group of amateur runners until the end, and darted across the line just ahead of them.",
                "Organisers awarded it a finisher's medal. One of the runners has since adopted it and named it Sprint."
            ]),
        Story(
            headline: "Museum cats guard the collection from mice, as they have for centuries",
            teaser: "Seventy cats live in the palace cellars, each with a passport.",
            picture: .picture(.tiles, .ginger, "A ginger cat on guard in front of a patterned tiled wall"),
            paragraphs: [
                "The cats of the palace museum have kept rodents away from its paintings since the eighteenth century, and their descendants still do.",
                "Each of today's seventy cats has a passport with a photo, and a team of volunteers feeds them twice a day.",
                "Once a year the museum opens the cellars to visitors for the cats' festival."
            ]),
        Story(
            headline: "Island where cats outnumber people votes to stay that way",
            teaser: "Six residents and over a hundred cats share the fishing island.",
            picture: .picture(.waves, .white, "A white cat sitting on the shore as waves roll in"),
            paragraphs: [
                "On a small fishing island, the few remaining residents are outnumbered more than fifteen to one by cats.",
                "Asked whether the colony should be reduced, the islanders voted unanimously to leave things as they are.",
                "Tourism has followed: a ferry now runs twice a day in summer, full of visitors with cameras."
            ]),
        Story(
            headline: "Kitten found in car engine after 300-kilometre drive",
            teaser: "A mechanic heard mewing when the bonnet was opened.",
            picture: DemoNewsPicture(scene: .skyline, cats: [DemoCat(coat: .black, across: 0.42, size: 0.32)], alt: "A small black kitten sitting in front of the city at dusk"),
            paragraphs: [
                "A driver who stopped at a garage because of a strange noise learned its cause when the mechanic opened the bonnet: a kitten, wedged beside the battery.",
                "It had travelled 300 kilometres on the motorway and escaped with a sooty coat.",
                "The driver has kept it and named it Diesel."
            ]),
        Story(
            headline: "Record set for the most cats in a single photograph",
            teaser: "A shelter gathered 84 cats in one frame, and only two walked off.",
            picture: DemoNewsPicture(
                scene: .stripes, cats: [DemoCat(coat: .ginger, across: 0.22, size: 0.42), DemoCat(coat: .blackAndWhite, across: 0.5, size: 0.5), DemoCat(coat: .greyTabby, across: 0.78, size: 0.44)],
                alt: "A ginger, a black and white and a grey tabby cat posing in a row in front of a striped backdrop"),
            paragraphs: [
                "Volunteers at a rescue shelter spent an afternoon arranging 84 cats on tiers of cushions for a group photograph.",
                "The photographer needed 400 attempts. In the one that counted, 82 cats look at the camera and two are leaving the frame.",
                "Prints are on sale to raise money for the shelter's new roof."
            ]),
        Story(
            headline: "Vets warn of hot pavements as summer heat arrives",
            teaser: "Paws burn on surfaces above 50 °C; keep cats indoors at midday.",
            picture: .picture(.mountains, .ginger, "A ginger cat sitting under a pale sky, mountains behind"),
            paragraphs: [
                "With temperatures forecast above 35 °C this week, vets are reminding owners that pavements and car roofs can pass 50 °C in the sun.",
                "Cats that go out should have shade and water, and the hottest hours are best spent indoors.",
                "Signs of heat stress include panting, drooling and restlessness; a vet should be called at once."
            ]),
        Story(
            headline: "Bookshop cat named employee of the month for the twelfth time",
            teaser: "Colleagues say the decision was, once again, unanimous.",
            picture: .picture(.tiles, .tortoiseshell, "A tortoiseshell cat sitting in front of a tiled wall"),
            paragraphs: [
                "For the twelfth month in a row, the employee of the month at the corner bookshop is Agatha, a long-haired tortoiseshell.",
                "Her duties include sleeping in the window display and supervising the poetry shelf.",
                "The shop's two human employees say they have stopped competing."
            ]),
        Story(
            headline: "Astronomy club's cat spotted in telescope livestream",
            teaser: "Viewers expected a comet; they got a whisker.",
            picture: .picture(.starryNight, .greyTabby, "A grey tabby cat looking up at a night sky full of stars"),
            paragraphs: [
                "Hundreds of people tuned in to an astronomy club's livestream of a passing comet on Tuesday night.",
                "For eight minutes, the view was filled by the whiskers of Nebula, the club's cat, who had climbed onto the telescope to investigate the humming.",
                "The comet was found again just before it set. The recording of the cat has been watched far more often."
            ]),
        Story(
            headline: "Cat-friendly building rules approved by city council",
            teaser: "New flats must offer safe balconies and cat flaps on request.",
            picture: .picture(.skyline, .white, "A white cat sitting above the city at dusk"),
            paragraphs: [
                "The city council has approved rules that require new blocks of flats to offer netted balconies and to allow cat flaps in front doors.",
                "Landlords may no longer refuse tenants with cats without a reason, such as a neighbour's allergy.",
                "Shelters welcomed the change, saying that moving house is one of the main reasons cats are given up."
            ]),
        Story(
            headline: "Sixteen-year-old cat becomes a first-time grandfather figure",
            teaser: "Old Tom has adopted a litter of orphaned kittens.",
            picture: DemoNewsPicture(
                scene: .tiles, cats: [DemoCat(coat: .blackAndWhite, across: 0.4, size: 0.55), DemoCat(coat: .ginger, across: 0.68, size: 0.24), DemoCat(coat: .calico, across: 0.82, size: 0.22)],
                alt: "An old black and white cat sitting beside two kittens, one ginger and one calico"),
            paragraphs: [
                "When a shelter took in five orphaned kittens, it tried a last idea: introducing them to Old Tom, a sixteen-year-old resident.",
                "He washed them, slept beside them and growled at anyone he thought too close.",
                "The kittens are now weaned, and Old Tom has gone back to sleeping by the radiator, alone."
            ]),
        Story(
            headline: "Ferry cat completes her thousandth crossing",
            teaser: "Skipper has sailed between the islands every day for three years.",
            picture: .picture(.waves, .white, "A white cat sitting by the sea as the waves roll past"),
            paragraphs: [
                "Skipper, a white cat with one grey ear, completed her thousandth crossing on the island ferry this week.",
                "She spends each voyage on the captain's chair and greets foot passengers at the ramp.",
                "The crew celebrated with a cake; Skipper ate the cream."
            ]),
        Story(
            headline: "Neighbourhood maps the routes of its outdoor cats",
            teaser: "GPS collars showed one cat visiting eleven gardens a night.",
            picture: .picture(.skyline, .greyTabby, "A grey tabby cat sitting at dusk, the neighbourhood's lit windows behind"),
            paragraphs: [
                "Forty households fitted their cats with GPS collars for a week to see where they went at night.",
                "Most stayed within 200 metres of home, but one tabby visited eleven gardens and a school playground every night.",
                "The map now hangs in the community centre, and several families have learned where their cat has been eating second dinners."
            ]),
        Story(
            headline: "Cat show crowns a rescued moggy best in show",
            teaser: "Judges chose a former stray over a field of pedigrees.",
            picture: .picture(.stripes, .ginger, "A ginger cat sitting proudly in front of a bright striped backdrop"),
            paragraphs: [
                "At the national cat show, the household pet category has never produced the overall winner — until this year.",
                "Lucky, found as a kitten under a market stall, impressed the judges with his coat, his calm and, they said, his presence.",
                "His owner plans to spend the prize on the shelter where she found him."
            ]),
        Story(
            headline: "Winter shelters for street cats built by school pupils",
            teaser: "Forty insulated boxes now stand in the city's parks.",
            picture: .picture(.starryNight, .blackAndWhite, "A black and white cat sitting in a park on a cold, starry winter night"),
            paragraphs: [
                "Pupils at three secondary schools spent their technology lessons building insulated shelters for the city's street cats.",
                "The boxes, lined with straw and made from recycled polystyrene, keep their inside several degrees warmer than the air.",
                "Forty have been placed in parks with the council's permission, and volunteers check them each week."
            ]),
        Story(
            headline: "Cat's paw prints found on medieval manuscript",
            teaser: "Inky prints cross a page copied in the fifteenth century.",
            picture: .picture(.tiles, .black, "A black cat sitting in front of a tiled wall"),
            paragraphs: [
                "Conservators restoring a fifteenth-century manuscript found four small paw prints in ink across one of its pages.",
                "A cat appears to have walked over the page while the ink was still wet, and the scribe simply carried on.",
                "The page will be on display at the archive from next month."
            ]),
        Story(
            headline: "Hospital therapy cat visits patients on the children's ward",
            teaser: "Clementine has made over 500 visits since she started.",
            picture: .picture(.stripes, .cream, "A cream Ragdoll cat sitting calmly in front of a striped wall"),
            paragraphs: [
                "Clementine, a calm Ragdoll, visits the children's ward every Wednesday with her owner, a retired nurse.",
                "Doctors say her visits help patients relax before treatments, and some children draw her portrait while they wait.",
                "She has made more than 500 visits, and the ward has named a room after her."
            ]),
        Story(
            headline: "Lost cat found thanks to a neighbour's doorbell camera",
            teaser: "Footage showed Mittens sheltering in a garden shed two streets away.",
            picture: .picture(.lanterns, .white, "A white cat lit by glowing lights in the middle of the night"),
            paragraphs: [
                "Mittens had been missing for nine days when a neighbour checking his doorbell camera saw a familiar white face at two in the morning.",
                "The footage led her family to a garden shed two streets away, where she had been sleeping on a pile of sacks.",
                "Her family has thanked the neighbour with a cake and a framed still of the footage."
            ]),
        Story(
            headline: "Town's oldest cat turns 24",
            teaser: "Granny Smith still patrols the garden every morning.",
            picture: .picture(.ripples, .blackAndWhite, "An old black and white cat sitting by a pond, ripples spreading on the water"),
            paragraphs: [
                "Granny Smith, a black and white cat, turned 24 this week — in human terms, well over a hundred.",
                "She still patrols the garden each morning, though her owners say the patrol now ends at the first sunny spot.",
                "Her vet credits a quiet life, a good diet and, possibly, stubbornness."
            ]),
        Story(
            headline: "Cats in space: a history of feline astronauts",
            teaser: "In 1963 a cat named Félicette flew 157 kilometres above the Earth.",
            picture: .picture(.starryNight, .blackAndWhite, "A small black and white cat sitting under a night sky full of stars"),
            paragraphs: [
                "On 18 October 1963, a small black and white cat named Félicette was launched on a sounding rocket and reached an altitude of 157 kilometres.",
                "The flight lasted fifteen minutes, and she returned safely by parachute. Scientists studied the recordings of her brain activity for years afterwards.",
                "A bronze statue in her honour was unveiled decades later, paid for by donations from around the world."
            ])
    ]

    /// Sites about cats, as a news list links to them.
    static let webLinks: [(headline: String, url: String, picture: DemoNewsPicture?)] = [
        (
            "How to read your cat's tail: a guide from the veterinary school", "https://www.example.org/cats/tail-language",
            .picture(.ripples, .ginger, "A ginger cat sitting by still water, its tail curled up at the tip")
        ),
        ("The science of purring, explained", "https://www.example.org/cats/purring", nil),
        (
            "Ten houseplants that are safe for cats", "https://www.example.org/cats/safe-houseplants",
            .picture(.mountains, .greyTabby, "A grey tabby cat sitting in front of hills under a pale sky")
        ),
        ("Adopting an older cat: what to expect", "https://www.example.org/cats/older-cats", nil),
        (
            "Live: the shelter kitten camera", "https://www.example.org/cats/kitten-camera",
            DemoNewsPicture(
                scene: .stripes,
                cats: [DemoCat(coat: .calico, across: 0.3, size: 0.3), DemoCat(coat: .black, across: 0.5, size: 0.34), DemoCat(coat: .cream, across: 0.7, size: 0.28)],
                alt: "Three kittens, a calico, a black and a cream one, sitting in a row in front of a striped wall")
        )
    ]

    /// Made-up advertisers, each with what it offers, its slot in the list and a picture of its own.
    static let adverts: [(advertiser: String, offer: String, url: String, slot: Int, picture: DemoNewsPicture)] = [
        (
            "Whisker & Co. Pet Supplies", "Food, litter and toys delivered to your door, free on orders over €30",
            "https://www.example.com/whisker-and-co", 3,
            .picture(.stripes, .greyTabby, "Whisker & Co.: everything your cat needs")
        ),
        (
            "Cosy Paws Cat Beds", "Beds cats actually sleep in, washable and made to last: 20 % off this week",
            "https://www.example.com/cosy-paws", 9,
            .picture(.tiles, .cream, "Cosy Paws: beds cats actually sleep in")
        ),
        (
            "Purrfect Insurance", "Vet bills covered for cats of every age, with no upper age limit: a first month free",
            "https://www.example.com/purrfect-insurance", 16,
            .picture(.ripples, .calico, "Purrfect Insurance: cover for cats of every age")
        )
    ]
}

/// A story's photo: its scene, the cats sitting in it, and what it shows, said for a screen
/// reader; every cat's coat is named in the description.
struct DemoNewsPicture: Sendable {
    let scene: DemoScene
    let cats: [DemoCat]
    let alt: String

    /// One cat, off-centre so the scene shows beside it.
    static func picture(_ scene: DemoScene, _ coat: DemoCat.Coat, _ alt: String) -> DemoNewsPicture {
        DemoNewsPicture(scene: scene, cats: [DemoCat(coat: coat, across: 0.34)], alt: alt)
    }

    func paint(on canvas: DemoCanvas, random: inout SplitMix64) -> Raster {
        var raster = DemoPainting.paint(scene, on: canvas, random: &random)
        for cat in cats {
            cat.paint(on: &raster)
        }
        return raster
    }
}
