import EssentialFeed
import Testing

struct PeopleSearchTextTests {
    @Test(arguments: [("ana", "ana"), ("  @Ana Lee ", "Ana Lee"), ("@ ana", "ana"), ("@@ana", "@ana"), ("Δήμ", "Δήμ")])
    func searchesForWhatWasTyped_withoutTheSpacesAroundIt_orALeadingAt(typed: String, searched: String) {
        #expect(PeopleSearchText.searched(typed) == searched)
    }

    @Test(arguments: ["", "   ", "@", " @ ", "a\u{0}b", "a\nb", "a\u{7F}", String(repeating: "é", count: 65)])
    func searchesForNothing_emptyTooLongOrWithControlCharacters(typed: String) {
        #expect(PeopleSearchText.searched(typed) == nil)
    }

    @Test func takesAsManyCharactersAsItAllows_countedAsPeopleSeeThem() {
        #expect(PeopleSearchText.searched(String(repeating: "👩‍🎨", count: 64)) != nil)
    }
}
