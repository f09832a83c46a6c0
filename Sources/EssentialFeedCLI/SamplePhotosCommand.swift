import ArgumentParser
import Foundation
import MediaPipeline

/// `essential-feed sample-photos DIR`: JPEG files of a given size for the media benchmarks,
/// painted here (gradients with grain, so they compress like photos) and encoded by libvips.
struct SamplePhotosCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sample-photos",
        abstract: "Write sample JPEG photos of a given size into a folder (for benchmarks).",
        shouldDisplay: false
    )

    @Argument(help: "The folder to write into; created when missing.")
    var folder: String

    @Option(help: "How many photos.")
    var count = 8

    @Option(help: "Width in pixels.")
    var width = 4000

    @Option(help: "Height in pixels.")
    var height = 3000

    @Option(help: "Grain amplitude, 0 to 64: more grain, larger files.")
    var grain = 12

    @Option(help: "JPEG quality, 1 to 100.")
    var quality = 92

    func validate() throws {
        guard (1...10_000).contains(count) else { throw ValidationError("--count must be 1 to 10000.") }
        guard (1...20_000).contains(width), (1...20_000).contains(height) else { throw ValidationError("--width and --height must be 1 to 20000.") }
        guard (0...64).contains(grain) else { throw ValidationError("--grain must be 0 to 64.") }
        guard (1...100).contains(quality) else { throw ValidationError("--quality must be 1 to 100.") }
    }

    func run() async throws {
        let folderURL = URL(fileURLWithPath: folder, isDirectory: true)
        try FileManager.default.createDirectory(at: folderURL, withIntermediateDirectories: true)
        for index in 0..<count {
            let pixels = Self.paint(width: width, height: height, seed: UInt64(index + 1), grain: grain)
            let jpeg = try PixelEncoder.encode(pixels, width: width, height: height, bands: 3, as: .jpeg, quality: quality)
            try jpeg.write(to: folderURL.appendingPathComponent(String(format: "sample-%04d.jpg", index + 1)))
        }
    }

    private static func paint(width: Int, height: Int, seed: UInt64, grain: Int) -> [UInt8] {
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        var state = seed &* 0x9E37_79B9_7F4A_7C15
        let hueShift = Int(seed % 7) * 30
        pixels.withUnsafeMutableBufferPointer { buffer in
            var index = 0
            for y in 0..<height {
                for x in 0..<width {
                    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                    let noise = grain == 0 ? 0 : Int(state >> 58) % (2 * grain + 1) - grain
                    let red = (x * 255 / width + hueShift) % 256 + noise
                    let green = y * 255 / height + noise
                    let blue = ((x / 64 + y / 64) % 2 == 0 ? 90 : 160) + noise
                    buffer[index] = UInt8(clamping: red)
                    buffer[index + 1] = UInt8(clamping: green)
                    buffer[index + 2] = UInt8(clamping: blue)
                    index += 3
                }
            }
        }
        return pixels
    }
}
