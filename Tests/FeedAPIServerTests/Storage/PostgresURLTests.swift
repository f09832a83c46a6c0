import PostgresSupport
import Testing

@Suite struct PostgresURLTests {
    @Test func thePassword_isTheOneGiven_elseTheURLs_elsePGPASSWORD() throws {
        let environment = ["PGPASSWORD": "from the environment"]

        #expect(try PostgresURL("postgres://feed:in-url@db/feed", password: "given", environment: environment).configuration.password == "given")
        #expect(try PostgresURL("postgres://feed:in-url@db/feed", environment: environment).configuration.password == "in-url")
        #expect(try PostgresURL("postgres://feed@db/feed", environment: environment).configuration.password == "from the environment")
        #expect(try PostgresURL("postgres://feed@db/feed", environment: [:]).configuration.password == nil)
    }
}
