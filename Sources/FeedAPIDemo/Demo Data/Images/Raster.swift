import Foundation

/// An 8-bit RGB image in memory, top row first, with the few drawing
/// primitives the demo paintings need. Shapes are anti-aliased by coverage so
/// edges look smooth without supersampling.
///
/// The loops work on raw buffers: the demo feed paints dozens of images at
/// start-up, often in debug builds.
struct Raster: Sendable, Equatable {
    static let bytesPerPixel = 3

    let width: Int
    let height: Int
    private(set) var pixels: [UInt8]

    init(width: Int, height: Int, background: RGBColor) {
        self.width = max(0, width)
        self.height = max(0, height)
        pixels = [UInt8](repeating: 0, count: self.width * self.height * Self.bytesPerPixel)
        let pixelCount = self.width * self.height
        let paint = Self.bytes(of: background)
        pixels.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            Self.fillSpan(base, pixelCount: pixelCount, with: paint)
        }
    }

    func bytes(atX x: Int, y: Int) -> [UInt8] {
        let index = (y * width + x) * Self.bytesPerPixel
        return Array(pixels[index..<index + Self.bytesPerPixel])
    }

    /// Paints every pixel with the colour `shader` gives for its column and row.
    mutating func fill(_ shader: (_ x: Int, _ y: Int) -> RGBColor) {
        let width = width
        let height = height
        pixels.withUnsafeMutableBufferPointer { buffer in
            guard var pixel = buffer.baseAddress else { return }
            var y = 0
            while y < height {
                var x = 0
                while x < width {
                    let (r, g, b) = Self.bytes(of: shader(x, y))
                    pixel[0] = r
                    pixel[1] = g
                    pixel[2] = b
                    pixel += Self.bytesPerPixel
                    x += 1
                }
                y += 1
            }
        }
    }

    /// Fills rows `top..<bottom` with a gradient through `stops` (positions in
    /// `0...1` from the first row to the last, in increasing order).
    mutating func fillVerticalGradient(_ stops: [(position: Double, color: RGBColor)], top: Int = 0, bottom: Int? = nil) {
        let top = max(0, top)
        let bottom = min(height, bottom ?? height)
        guard top < bottom, let first = stops.first else { return }
        let width = width
        pixels.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            for y in top..<bottom {
                let position = bottom - top > 1 ? Double(y - top) / Double(bottom - top - 1) : 0
                let color = Self.color(at: position, in: stops, default: first.color)
                Self.fillSpan(base + y * width * Self.bytesPerPixel, pixelCount: width, with: Self.bytes(of: color))
            }
        }
    }

    mutating func fillRect(x: Int, y: Int, width rectWidth: Int, height rectHeight: Int, color: RGBColor, opacity: Double = 1) {
        let left = max(0, x)
        let right = min(width, x + rectWidth)
        let top = max(0, y)
        let bottom = min(height, y + rectHeight)
        guard left < right, top < bottom else { return }
        let width = width
        let paint = Self.components(of: color)
        pixels.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            for row in top..<bottom {
                Self.blendSpan(paint, into: base + (row * width + left) * Self.bytesPerPixel, pixelCount: right - left, alpha: opacity)
            }
        }
    }

    /// A disc whose edge fades over `feather` pixels; a large feather makes a glow.
    mutating func fillCircle(centerX: Double, centerY: Double, radius: Double, color: RGBColor, opacity: Double = 1, feather: Double = 1) {
        let reach = radius + feather / 2
        let top = max(0, Int((centerY - reach).rounded(.down)))
        let bottom = min(height, Int((centerY + reach).rounded(.up)) + 1)
        guard top < bottom, reach > 0 else { return }
        let width = width
        let paint = Self.components(of: color)
        let solid = Self.bytes(of: color)
        let inner = radius - feather / 2
        pixels.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            var row = top
            while row < bottom {
                let dy = Double(row) + 0.5 - centerY
                let outerSquared = reach * reach - dy * dy
                if outerSquared > 0 {
                    let halfSpan = outerSquared.squareRoot()
                    let left = max(0, Int((centerX - halfSpan - 0.5).rounded(.down)))
                    let right = min(width, Int((centerX + halfSpan - 0.5).rounded(.up)) + 1)
                    // Fully covered pixels of an opaque disc are copied in one go.
                    let innerSquared = inner * inner - dy * dy
                    var solidLeft = right
                    var solidRight = right
                    if opacity >= 1, inner > 0, innerSquared > 0 {
                        let innerHalf = innerSquared.squareRoot()
                        solidLeft = max(left, Int((centerX - innerHalf - 0.5).rounded(.up)))
                        solidRight = max(solidLeft, min(right, Int((centerX + innerHalf - 0.5).rounded(.down)) + 1))
                        if solidLeft < solidRight {
                            Self.fillSpan(base + (row * width + solidLeft) * Self.bytesPerPixel, pixelCount: solidRight - solidLeft, with: solid)
                        }
                    }
                    var column = left
                    while column < right {
                        if column == solidLeft && solidLeft < solidRight {
                            column = solidRight
                            continue
                        }
                        let dx = Double(column) + 0.5 - centerX
                        let distance = (dx * dx + dy * dy).squareRoot()
                        var coverage = (radius - distance) / feather + 0.5
                        if coverage > 1 { coverage = 1 }
                        if coverage > 0 {
                            Self.blend(paint, into: base + (row * width + column) * Self.bytesPerPixel, alpha: coverage * opacity)
                        }
                        column += 1
                    }
                }
                row += 1
            }
        }
    }

    /// An ellipse with axes along the rows and columns, its edge anti-aliased.
    mutating func fillEllipse(centerX: Double, centerY: Double, radiusX: Double, radiusY: Double, color: RGBColor, opacity: Double = 1) {
        guard radiusX > 0, radiusY > 0 else { return }
        let shortest = radiusX < radiusY ? radiusX : radiusY
        fillCoverage(
            left: centerX - radiusX - 1, top: centerY - radiusY - 1, right: centerX + radiusX + 1, bottom: centerY + radiusY + 1,
            color: color, opacity: opacity
        ) { x, y in
            let dx = (x - centerX) / radiusX
            let dy = (y - centerY) / radiusY
            // Distance outside the edge, in pixels, close enough for an edge one pixel wide.
            return 0.5 - ((dx * dx + dy * dy).squareRoot() - 1) * shortest
        }
    }

    /// A triangle through three points (in either winding), its edges anti-aliased.
    mutating func fillTriangle(
        _ a: (x: Double, y: Double), _ b: (x: Double, y: Double), _ c: (x: Double, y: Double), color: RGBColor, opacity: Double = 1
    ) {
        let twiceArea = (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)
        guard twiceArea != 0 else { return }
        let winding: Double = twiceArea < 0 ? -1 : 1
        let edges = [(a, b), (b, c), (c, a)].map { start, end in
            let length = ((end.x - start.x) * (end.x - start.x) + (end.y - start.y) * (end.y - start.y)).squareRoot()
            return (start: start, normalX: -(end.y - start.y) / length * winding, normalY: (end.x - start.x) / length * winding)
        }
        guard edges.allSatisfy({ $0.normalX.isFinite && $0.normalY.isFinite }) else { return }
        let xs = [a.x, b.x, c.x]
        let ys = [a.y, b.y, c.y]
        fillCoverage(
            left: (xs.min() ?? 0) - 1, top: (ys.min() ?? 0) - 1, right: (xs.max() ?? 0) + 1, bottom: (ys.max() ?? 0) + 1,
            color: color, opacity: opacity
        ) { x, y in
            var inside = Double.greatestFiniteMagnitude
            for edge in edges {
                let distance = (x - edge.start.x) * edge.normalX + (y - edge.start.y) * edge.normalY
                if distance < inside { inside = distance }
            }
            return inside + 0.5
        }
    }

    /// Blends `color` into the pixels of a box by the coverage `coverage` gives for each
    /// pixel's centre (clamped to `0...1`).
    private mutating func fillCoverage(
        left: Double, top: Double, right: Double, bottom: Double, color: RGBColor, opacity: Double,
        coverage: (_ x: Double, _ y: Double) -> Double
    ) {
        let firstColumn = max(0, Int(left.rounded(.down)))
        let lastColumn = min(width, Int(right.rounded(.up)))
        let firstRow = max(0, Int(top.rounded(.down)))
        let lastRow = min(height, Int(bottom.rounded(.up)))
        guard firstColumn < lastColumn, firstRow < lastRow else { return }
        let width = width
        let paint = Self.components(of: color)
        pixels.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            for row in firstRow..<lastRow {
                for column in firstColumn..<lastColumn {
                    let covered = coverage(Double(column) + 0.5, Double(row) + 0.5)
                    guard covered > 0 else { continue }
                    Self.blend(paint, into: base + (row * width + column) * Self.bytesPerPixel, alpha: (covered < 1 ? covered : 1) * opacity)
                }
            }
        }
    }

    /// Paints each column from `ridge(column)` (a row, fractions allowed) down
    /// to the bottom: hills, waves, skylines.
    mutating func fillBelow(ridge: (_ x: Int) -> Double, color: RGBColor, opacity: Double = 1) {
        let width = width
        let height = height
        let paint = Self.components(of: color)
        let rowBytes = width * Self.bytesPerPixel
        pixels.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            for column in 0..<width {
                let edge = ridge(column)
                guard edge < Double(height) else { continue }
                let firstRow = edge > 0 ? Int(edge) : 0
                var pixel = base + firstRow * rowBytes + column * Self.bytesPerPixel
                let edgeCoverage = Double(firstRow) + 1 - edge
                Self.blend(paint, into: pixel, alpha: (edgeCoverage < 1 ? edgeCoverage : 1) * opacity)
                var row = firstRow + 1
                while row < height {
                    pixel += rowBytes
                    Self.blend(paint, into: pixel, alpha: opacity)
                    row += 1
                }
            }
        }
    }

    // MARK: - Colour arithmetic

    private static func color(at position: Double, in stops: [(position: Double, color: RGBColor)], default fallback: RGBColor) -> RGBColor {
        guard let upper = stops.firstIndex(where: { $0.position >= position }) else {
            return stops.last?.color ?? fallback
        }
        guard upper > 0 else { return stops[upper].color }
        let low = stops[upper - 1]
        let high = stops[upper]
        let span = high.position - low.position
        return span > 0 ? low.color.mixed(with: high.color, by: (position - low.position) / span) : high.color
    }

    private static func components(of color: RGBColor) -> (Double, Double, Double) {
        (clamped(color.red) * 255, clamped(color.green) * 255, clamped(color.blue) * 255)
    }

    private static func bytes(of color: RGBColor) -> (UInt8, UInt8, UInt8) {
        let (r, g, b) = components(of: color)
        return (UInt8(r + 0.5), UInt8(g + 0.5), UInt8(b + 0.5))
    }

    // The helpers below avoid generic `min`/`max` and `rounded()`: they run
    // for every pixel, and unoptimised builds would call them each time.

    @inline(__always)
    private static func clamped(_ component: Double) -> Double {
        if component > 0 { return component < 1 ? component : 1 }
        return 0
    }

    /// Writes one pixel, then doubles the painted run with memory copies.
    private static func fillSpan(_ start: UnsafeMutablePointer<UInt8>, pixelCount: Int, with paint: (UInt8, UInt8, UInt8)) {
        guard pixelCount > 0 else { return }
        start[0] = paint.0
        start[1] = paint.1
        start[2] = paint.2
        var painted = 1
        while painted < pixelCount {
            let chunk = painted < pixelCount - painted ? painted : pixelCount - painted
            (start + painted * bytesPerPixel).update(from: start, count: chunk * bytesPerPixel)
            painted += chunk
        }
    }

    private static func blendSpan(_ paint: (Double, Double, Double), into start: UnsafeMutablePointer<UInt8>, pixelCount: Int, alpha: Double) {
        if alpha >= 1 {
            fillSpan(start, pixelCount: pixelCount, with: (UInt8(paint.0 + 0.5), UInt8(paint.1 + 0.5), UInt8(paint.2 + 0.5)))
            return
        }
        var pixel = start
        let end = start + pixelCount * bytesPerPixel
        while pixel < end {
            blend(paint, into: pixel, alpha: alpha)
            pixel += bytesPerPixel
        }
    }

    @inline(__always)
    private static func blend(_ paint: (Double, Double, Double), into pixel: UnsafeMutablePointer<UInt8>, alpha: Double) {
        if alpha >= 1 {
            pixel[0] = UInt8(paint.0 + 0.5)
            pixel[1] = UInt8(paint.1 + 0.5)
            pixel[2] = UInt8(paint.2 + 0.5)
        } else if alpha > 0 {
            pixel[0] = mix(pixel[0], paint.0, alpha)
            pixel[1] = mix(pixel[1], paint.1, alpha)
            pixel[2] = mix(pixel[2], paint.2, alpha)
        }
    }

    /// Both ends lie in `0...255`, so the mix does too.
    @inline(__always)
    private static func mix(_ old: UInt8, _ new: Double, _ alpha: Double) -> UInt8 {
        let start = Double(old)
        return UInt8(start + (new - start) * alpha + 0.5)
    }
}
