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

    @Test func takesAsManyCharactersAsItAllows_countedAsPeopleSeeThem_withinItsCodePoints() {
        #expect(PeopleSearchText.searched(String(repeating: "e\u{301}", count: 64)) != nil)
        #expect(PeopleSearchText.searched(String(repeating: "👩‍🎨", count: 64)) != nil, "three code points each: 192")
        #expect(PeopleSearchText.searched(String(repeating: "👨‍👩‍👧", count: 64)) == nil, "five code points each: 320")
        #expect(PeopleSearchText.searched("a" + String(repeating: "\u{301}", count: 1_300)) == nil, "one character of 1,301 code points")
    }
}
