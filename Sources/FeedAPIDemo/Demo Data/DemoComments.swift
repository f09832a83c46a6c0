import FeedAPIStorage
import Foundation

/// Comments for the demo feed, written the way people comment on friends'
/// photos, in many languages.
enum DemoComments {
    /// Shown on the first item so every client's escaping gets exercised at once.
    static let markupMessage = #"Tried to write <b>bold</b> & "quoted" in a comment and it came out like this 😅"#

    private static let minute: TimeInterval = 60
    private static let day: TimeInterval = 86_400
    private static let year: TimeInterval = 365 * day

    /// Most items get a few comments, some none or one, and every eighteenth
    /// a long thread of dozens, so clients meet empty, single and long lists.
    static func count(forItemAt index: Int, random: inout SplitMix64) -> Int {
        if index % 18 == 0 { return random.int(in: 30...48) }
        switch index % 6 {
        case 1: return 0
        case 4: return 1
        case 3: return random.int(in: 0...3)
        case 5: return random.int(in: 1...6)
        default: return random.int(in: 2...9)
        }
    }

    /// `count` comments, newest first, dated between minutes and a few years
    /// before `now`. Long threads always span that whole range.
    static func make(count: Int, forItemAt index: Int, now: Date, random: inout SplitMix64) -> [DemoComment] {
        guard count > 0 else { return [] }
        var messages = random.shuffled(messagePool)
        if index == 0 {
            messages.insert(markupMessage, at: 0)
        }
        var ages = (0..<count).map { _ in logUniformAge(from: 90, to: 3.5 * year, random: &random) }
        if count >= 30 {
            ages[0] = random.double(in: 2 * minute...50 * minute)
            ages[count - 1] = random.double(in: 1.1 * year...3 * year)
        }
        ages.sort()
        return ages.enumerated().map { offset, age in
            DemoComment(
                id: random.uuid(),
                message: messages[offset % messages.count],
                createdAt: now.addingTimeInterval(-age.rounded()),
                username: random.element(of: DemoAccounts.people)?.username ?? DemoAccounts.logInUsername
            )
        }
    }

    /// Recent comments are more common than old ones, as on any feed.
    private static func logUniformAge(from shortest: TimeInterval, to longest: TimeInterval, random: inout SplitMix64) -> TimeInterval {
        exp(log(shortest) + random.unit() * (log(longest) - log(shortest)))
    }

    private static let messagePool = [
        "This is stunning 😍",
        "Wow, the colours! Which camera did you use?",
        "I was there last summer, brings back so many memories.",
        "Adding this to my travel list right now ✈️",
        "Okay, now I'm jealous.",
        "That light though 🔥",
        "Print this and hang it on a wall, seriously.",
        "How early did you have to get up for this?",
        "Looks like a painting 🎨",
        "Best photo on my feed today 👏",
        "The composition is perfect.",
        "Wish I was there instead of at my desk 😩",
        "You always find the best spots!",
        "Is this edited? It looks unreal.",
        "Day 1: rain.\nDay 2: rain.\nDay 3: this. Worth the wait ☀️",
        "Que lugar lindo! 😍",
        "Saudades daí 🥹",
        "Essa foto merecia estar numa exposição.",
        "Preciso ir nesse lugar urgente!",
        "As cores estão incríveis, parabéns 👏",
        "Fui no ano passado e choveu o tempo todo 😂",
        "Que paz… deu vontade de largar tudo.",
        "Manda a localização exata, por favor!",
        "Υπέροχη φωτογραφία! 😍",
        "Τι χρώματα είναι αυτά;",
        "Μου έλειψε τόσο πολύ αυτό το μέρος.",
        "Καλοκαίρι, έλα γρήγορα ☀️",
        "Πού είναι αυτό ακριβώς;",
        "Φανταστική λήψη, μπράβο!",
        "Θέλω να πάω ξανά 🥲",
        "めっちゃきれい！😍",
        "この色、最高ですね。",
        "いつか行ってみたい場所です✨",
        "写真集みたい📷",
        "癒されました、ありがとうございます🙏",
        "どこで撮ったんですか？",
        "空の色がすごい…",
        "¡Qué maravilla! 😍",
        "Me encanta la luz de esta foto.",
        "¿Dónde es esto exactamente?",
        "Yo estuve allí en mi luna de miel 💕",
        "Las fotos no le hacen justicia, pero casi.",
        "Necesito vacaciones ya 😭",
        "Magnifique ! On y retourne quand ? 😍",
        "Sehr schön, da will ich auch hin!",
        "Che spettacolo 🤩",
        "와 대박… 색감 진짜 예쁘다 😍",
        "صورة رائعة 👌",
        "Потрясающе! 🔥",
        "👏👏👏",
        "🔥🔥",
        "😍"
    ]
}
