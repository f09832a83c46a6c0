import FeedAPIStorage
import Foundation
import MediaPipeline

/// Who follows whom among the demo's people, and what each says of themselves: a believable
/// small community, where each person follows a few others and nobody follows everyone.
enum DemoSocialGraph {
    /// Whom the log-in account follows: enough for a timeline of its own that is not the
    /// whole feed, so Following and Everyone differ from the first start.
    static let followedByTheReader = ["maria.silva", "sakura", "giorgos", "emma.travels", "ahmed", "olga", "priya.shots", "aroha"]

    /// Each person follows 3 to 9 of the others, drawn the same way on every machine.
    static func follows() -> [(follower: String, followed: String)] {
        var random = SplitMix64(seed: 0x0F01_1017)
        let usernames = DemoAccounts.people.map(\.username)
        var follows: [(follower: String, followed: String)] = []
        for follower in usernames {
            let others = random.shuffled(usernames.filter { $0 != follower })
            follows += others.prefix(random.int(in: 3...9)).map { (follower, $0) }
        }
        return follows + followedByTheReader.map { (DemoAccounts.logInUsername, $0) }
    }

    /// Each person's picture: a painting of their own, the same on every machine.
    static func avatar(forPersonAt index: Int) throws -> Data {
        var random = SplitMix64(seed: 0xA7A7_0000 &+ UInt64(index))
        let scenes = DemoScene.allCases
        let painting = DemoPainting.paint(scenes[(index * 5) % scenes.count], on: .avatar, random: &random)
        return try PixelEncoder.encode(painting.pixels, width: painting.width, height: painting.height, bands: Raster.bytesPerPixel, as: .png)
    }

    static let bios: [String: String] = [
        "maria.silva": "Sunsets over the bay of Salvador, and whatever the tide brings in.",
        "joao.pedro": "Engenheiro de dia, fotógrafo ao fim da tarde.",
        "giorgos": "Βουνά, θάλασσα και πολύ καφές.",
        "eleni_k": "Islands in winter, when nobody else is there.",
        "sakura": "東京の夜景と、季節の花。",
        "kenta": "週末は山へ。平日は電車の窓から。",
        "carlos.mendes": "Street colours of Buenos Aires and the people who paint them.",
        "sofia.r": "Coleccionista de azulejos y de tardes largas.",
        "ana_luiza": "Viajo devagar. Fotografo o que fica.",
        "nikos.p": "Παλιές πόρτες, νέα φως.",
        "yuki.tanaka": "Rain, ponds and very small waves.",
        "lucas_ferreira": "Surf at dawn, coffee after, photos in between.",
        "dimitra": "Αρχιτεκτονική και σκιές.",
        "javier": "Mercados, plazas y lo que pasa en ellas.",
        "emma.travels": "Forty countries and counting. Slow trains preferred.",
        "oliver_w": "Mostly clouds. Sometimes mountains behind them.",
        "chloe": "Paris sous la pluie, et ailleurs quand il fait beau.",
        "jonas.m": "Lines, grids and the odd stripe.",
        "giulia": "Dolomiti d'inverno, mare d'estate.",
        "minji": "서울의 골목과 하늘.",
        "ahmed": "Old cities at first light.",
        "olga": "Северное сияние и длинные ночи.",
        "priya.shots": "Festivals, spices and the colour in between.",
        "sam": "Learning to see. One photo a day.",
        "mateus": "Skate, mar e o que sobra da luz.",
        "katerina": "Γάτες, σκάλες και ηλιοβασιλέματα.",
        "takeshi": "星空を追いかけて。",
        "luisa.photo": "Retratos de lugares, nunca de pessoas.",
        "ben.carter": "Weekend hikes and the views that pay for them.",
        "aroha": "Kia ora! Coastlines of Aotearoa."
    ]
}

/// Makes the demo's people follow each other and gives each a bio and a picture, on a database whose demo
/// feed has just been made (a database people have used is left as it is).
struct DemoSocialGraphSeeder {
    let accounts: any AccountStore
    let social: any SocialGraph
    var processor = PhotoProcessor()

    /// - Returns: how many follows it made.
    func seed(at date: Date) async throws -> Int {
        var ids: [String: Int64] = [:]
        for username in DemoAccounts.people.map(\.username) + [DemoAccounts.logInUsername] {
            guard let name = Username(username) else { throw DemoAccountsSeeder.InvalidDemoUsername(username: username) }
            ids[username] = try await accounts.account(named: name)?.id
        }
        var made = 0
        for (follower, followed) in DemoSocialGraph.follows() {
            guard let followerID = ids[follower], let followedID = ids[followed] else { continue }
            _ = try await social.follow(followedID, by: followerID, at: date)
            made += 1
        }
        for (username, bio) in DemoSocialGraph.bios {
            guard let id = ids[username] else { continue }
            try await social.updateProfile(of: id, name: nil, bio: bio)
        }
        // The log-in account keeps its initial: whoever tries the demo may give it a picture.
        for (index, person) in DemoAccounts.people.enumerated() {
            guard let id = ids[person.username] else { continue }
            try await social.setAvatar(of: id, to: try processor.processAvatar(try DemoSocialGraph.avatar(forPersonAt: index)))
        }
        return made
    }
}
