import Foundation

/// BlurHash: a compact string that describes an image's colours as a few cosine components,
/// from which a blurred placeholder of any size is drawn. Both directions follow the published
/// algorithm, so hashes made here decode in every BlurHash library and the other way round.
public enum BlurHash {
    /// The component counts the format allows on each axis.
    public static let componentRange = 1...9

    /// The hash of `image` with `componentsX` × `componentsY` components; its length is
    /// `6 + 2 × (componentsX × componentsY − 1)`, so 28 characters for 4 × 3.
    public static func encode(_ image: RGBPixels, componentsX: Int = 4, componentsY: Int = 3) throws(BlurHashError) -> String {
        guard componentRange.contains(componentsX), componentRange.contains(componentsY) else {
            throw .componentCountOutOfRange
        }
        let factors = ComponentFactors(of: image, componentsX: componentsX, componentsY: componentsY)
        var hash = Base83.encode((componentsX - 1) + (componentsY - 1) * 9, length: 1)

        let acComponents = factors.values.dropFirst()
        let maximumValue: Double
        if let largest = acComponents.flatMap({ [abs($0.red), abs($0.green), abs($0.blue)] }).max() {
            let quantisedMaximum = max(0, min(82, Int((largest * 166 - 0.5).rounded(.down))))
            maximumValue = Double(quantisedMaximum + 1) / 166
            hash += Base83.encode(quantisedMaximum, length: 1)
        } else {
            maximumValue = 1
            hash += Base83.encode(0, length: 1)
        }

        hash += Base83.encode(factors.values[0].sRGB.packed, length: 4)
        for component in acComponents {
            hash += Base83.encode(component.quantisedAC(maximumValue: maximumValue), length: 2)
        }
        return hash
    }

    /// The colour the hash's first (DC) component holds: the image's average colour, averaged
    /// in linear light.
    public static func averageColor(of hash: String) throws(BlurHashError) -> RGBColor {
        let characters = Array(hash)
        try validate(characters)
        return RGBColor(packed: try Base83.decode(characters[2..<6]))
    }

    /// The average colour of `image`, averaged in linear light as the hash's DC component is.
    public static func averageColor(of image: RGBPixels) -> RGBColor {
        ComponentFactors(of: image, componentsX: 1, componentsY: 1).values[0].sRGB
    }

    /// Draws the placeholder `hash` describes at `width` × `height` pixels; `punch` above 1
    /// strengthens its contrast.
    public static func decode(_ hash: String, width: Int, height: Int, punch: Double = 1) throws(BlurHashError) -> RGBPixels {
        guard width > 0, height > 0, width * height <= maximumDecodedPixels else { throw .sizeOutOfRange }
        let characters = Array(hash)
        let (componentsX, componentsY) = try validate(characters)
        let maximumValue = Double(try Base83.decode(characters[1..<2]) + 1) / 166 * punch

        var colours = [LinearColor(sRGB: RGBColor(packed: try Base83.decode(characters[2..<6])))]
        for index in 1..<(componentsX * componentsY) {
            let start = 4 + index * 2
            colours.append(LinearColor(quantisedAC: try Base83.decode(characters[start..<(start + 2)]), maximumValue: maximumValue))
        }

        var bytes = [UInt8]()
        bytes.reserveCapacity(width * height * 3)
        let cosinesX = cosineTable(components: componentsX, length: width)
        let cosinesY = cosineTable(components: componentsY, length: height)
        for y in 0..<height {
            for x in 0..<width {
                var pixel = LinearColor(red: 0, green: 0, blue: 0)
                for j in 0..<componentsY {
                    for i in 0..<componentsX {
                        let basis = cosinesX[i * width + x] * cosinesY[j * height + y]
                        pixel = pixel + colours[i + j * componentsX] * basis
                    }
                }
                let colour = pixel.sRGB
                bytes += [colour.red, colour.green, colour.blue]
            }
        }
        return RGBPixels(uncheckedWidth: width, height: height, bytes: bytes)
    }

    /// Placeholders are drawn small and scaled up; this bounds the work a caller can ask for.
    static let maximumDecodedPixels = 1 << 16

    @discardableResult
    private static func validate(_ characters: [Character]) throws(BlurHashError) -> (Int, Int) {
        guard characters.count >= 6 else { throw .invalidLength }
        let sizeFlag = try Base83.decode(characters[0..<1])
        let componentsX = sizeFlag % 9 + 1
        let componentsY = sizeFlag / 9 + 1
        guard characters.count == 4 + 2 * componentsX * componentsY else { throw .invalidLength }
        return (componentsX, componentsY)
    }
}

public enum BlurHashError: Error, Equatable, Sendable {
    case componentCountOutOfRange
    case sizeOutOfRange
    case invalidLength
    case invalidCharacter
}

/// 8-bit sRGB pixels, three bytes each, row by row.
public struct RGBPixels: Equatable, Sendable {
    public let width: Int
    public let height: Int
    public let bytes: [UInt8]

    /// `nil` unless `bytes` holds exactly `width × height` pixels of three bytes.
    public init?(width: Int, height: Int, bytes: [UInt8]) {
        guard width > 0, height > 0, bytes.count == width * height * 3 else { return nil }
        self.init(uncheckedWidth: width, height: height, bytes: bytes)
    }

    init(uncheckedWidth width: Int, height: Int, bytes: [UInt8]) {
        self.width = width
        self.height = height
        self.bytes = bytes
    }
}

/// An 8-bit sRGB colour.
public struct RGBColor: Equatable, Hashable, Sendable {
    public let red: UInt8
    public let green: UInt8
    public let blue: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    init(packed: Int) {
        self.init(red: UInt8((packed >> 16) & 0xFF), green: UInt8((packed >> 8) & 0xFF), blue: UInt8(packed & 0xFF))
    }

    var packed: Int { Int(red) << 16 | Int(green) << 8 | Int(blue) }

    /// `#RRGGBB`, upper-case hexadecimal.
    public var hex: String {
        let digits = String(packed, radix: 16, uppercase: true)
        return "#" + String(repeating: "0", count: 6 - digits.count) + digits
    }
}

private struct ComponentFactors {
    let values: [LinearColor]

    init(of image: RGBPixels, componentsX: Int, componentsY: Int) {
        let width = image.width
        let height = image.height
        let linear = image.bytes.map { sRGBToLinear[Int($0)] }
        let cosinesX = cosineTable(components: componentsX, length: width)
        let cosinesY = cosineTable(components: componentsY, length: height)
        var values = [LinearColor]()
        values.reserveCapacity(componentsX * componentsY)
        for j in 0..<componentsY {
            for i in 0..<componentsX {
                var sum = LinearColor(red: 0, green: 0, blue: 0)
                for y in 0..<height {
                    let rowCosine = cosinesY[j * height + y]
                    for x in 0..<width {
                        let basis = cosinesX[i * width + x] * rowCosine
                        let offset = (y * width + x) * 3
                        sum = sum + LinearColor(red: linear[offset], green: linear[offset + 1], blue: linear[offset + 2]) * basis
                    }
                }
                let normalisation: Double = (i == 0 && j == 0) ? 1 : 2
                values.append(sum * (normalisation / Double(width * height)))
            }
        }
        self.values = values
    }
}

/// `cos(π·component·position/length)` for every component and position, component-major.
private func cosineTable(components: Int, length: Int) -> [Double] {
    var table = [Double]()
    table.reserveCapacity(components * length)
    for component in 0..<components {
        for position in 0..<length {
            table.append(cos(Double.pi * Double(component) * Double(position) / Double(length)))
        }
    }
    return table
}

private let sRGBToLinear: [Double] = (0...255).map { value in
    let fraction = Double(value) / 255
    return fraction <= 0.04045 ? fraction / 12.92 : pow((fraction + 0.055) / 1.055, 2.4)
}

private struct LinearColor {
    var red: Double
    var green: Double
    var blue: Double

    init(red: Double, green: Double, blue: Double) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    init(sRGB colour: RGBColor) {
        self.init(
            red: sRGBToLinear[Int(colour.red)], green: sRGBToLinear[Int(colour.green)],
            blue: sRGBToLinear[Int(colour.blue)])
    }

    init(quantisedAC value: Int, maximumValue: Double) {
        func unquantise(_ quantised: Int) -> Double {
            signedPower((Double(quantised) - 9) / 9, 2) * maximumValue
        }
        self.init(red: unquantise(value / (19 * 19)), green: unquantise((value / 19) % 19), blue: unquantise(value % 19))
    }

    var sRGB: RGBColor {
        RGBColor(red: Self.linearToSRGB(red), green: Self.linearToSRGB(green), blue: Self.linearToSRGB(blue))
    }

    func quantisedAC(maximumValue: Double) -> Int {
        func quantise(_ value: Double) -> Int {
            max(0, min(18, Int((signedPower(value / maximumValue, 0.5) * 9 + 9.5).rounded(.down))))
        }
        return quantise(red) * 19 * 19 + quantise(green) * 19 + quantise(blue)
    }

    static func + (lhs: LinearColor, rhs: LinearColor) -> LinearColor {
        LinearColor(red: lhs.red + rhs.red, green: lhs.green + rhs.green, blue: lhs.blue + rhs.blue)
    }

    static func * (colour: LinearColor, factor: Double) -> LinearColor {
        LinearColor(red: colour.red * factor, green: colour.green * factor, blue: colour.blue * factor)
    }

    private static func linearToSRGB(_ value: Double) -> UInt8 {
        let clamped = max(0, min(1, value))
        let encoded = clamped <= 0.0031308 ? clamped * 12.92 : 1.055 * pow(clamped, 1 / 2.4) - 0.055
        return UInt8((encoded * 255 + 0.5).rounded(.down))
    }
}

private func signedPower(_ value: Double, _ exponent: Double) -> Double {
    (value < 0 ? -1 : 1) * pow(abs(value), exponent)
}

private enum Base83 {
    static let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz#$%*+,-.:;=?@[]^_{|}~")
    static let values: [Character: Int] = Dictionary(uniqueKeysWithValues: alphabet.enumerated().map { ($1, $0) })

    static func encode(_ value: Int, length: Int) -> String {
        var characters = [Character]()
        var divisor = 1
        for _ in 1..<max(length, 1) { divisor *= 83 }
        for _ in 0..<length {
            characters.append(alphabet[(value / divisor) % 83])
            divisor /= 83
        }
        return String(characters)
    }

    static func decode(_ characters: ArraySlice<Character>) throws(BlurHashError) -> Int {
        var value = 0
        for character in characters {
            guard let digit = values[character] else { throw .invalidCharacter }
            value = value * 83 + digit
        }
        return value
    }
}
