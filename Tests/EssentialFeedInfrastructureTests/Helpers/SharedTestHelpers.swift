import Foundation

func anyURL() -> URL {
    URL(string: "https://any-url.com/image.png")!
}

func anyData() -> Data {
    Data("any data".utf8)
}

func uniqueURL() -> URL {
    URL(string: "https://images.example.com/\(UUID().uuidString).jpg")!
}
