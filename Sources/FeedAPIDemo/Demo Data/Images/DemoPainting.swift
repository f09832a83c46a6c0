import Foundation

/// Paints a picture of a scene from gradients and simple shapes, on a canvas of any shape.
/// Every painting draws its palette and layout from the generator, so no two come out alike.
enum DemoPainting {
    static func paint(_ scene: DemoScene, on canvas: DemoCanvas = .landscape, random: inout SplitMix64) -> Raster {
        var raster = Raster(width: canvas.width, height: canvas.height, background: .black)
        switch scene {
        case .sunset: paintSunset(on: &raster, random: &random)
        case .mountains: paintMountains(on: &raster, random: &random)
        case .waves: paintWaves(on: &raster, random: &random)
        case .starryNight: paintStarryNight(on: &raster, random: &random)
        case .skyline: paintSkyline(on: &raster, random: &random)
        case .stripes: paintStripes(on: &raster, random: &random)
        case .tiles: paintTiles(on: &raster, random: &random)
        case .ripples: paintRipples(on: &raster, random: &random)
        case .lanterns: paintLanterns(on: &raster, random: &random)
        }
        return raster
    }

    private static func hsb(_ hue: Double, _ saturation: Double, _ brightness: Double) -> RGBColor {
        RGBColor(hue: hue, saturation: saturation, brightness: brightness)
    }

    private static func paintSunset(on raster: inout Raster, random: inout SplitMix64) {
        let (width, height) = (raster.width, raster.height)
        let shift = random.double(in: -0.05...0.05)
        let horizon = Int(Double(height) * random.double(in: 0.56...0.7))
        raster.fillVerticalGradient(
            [
                (0, hsb(0.68 + shift, 0.7, random.double(in: 0.2...0.35))),
                (random.double(in: 0.35...0.55), hsb(0.9 + shift, 0.55, 0.62)),
                (0.82, hsb(0.03 + shift, 0.75, 0.95)),
                (1, hsb(0.11 + shift, 0.65, 1))
            ], bottom: horizon)

        let sun = hsb(0.12 + shift, 0.3, 1)
        let sunX = Double(width) * random.double(in: 0.2...0.8)
        let sunY = Double(horizon) - random.double(in: -12...45)
        let radius = random.double(in: 24...50)
        raster.fillCircle(centerX: sunX, centerY: sunY, radius: radius * 3, color: sun, opacity: 0.18, feather: radius * 2.5)
        raster.fillCircle(centerX: sunX, centerY: sunY, radius: radius * 1.5, color: sun, opacity: 0.3, feather: radius)
        raster.fillCircle(centerX: sunX, centerY: sunY, radius: radius, color: sun)

        raster.fillVerticalGradient(
            [
                (0, hsb(0.97 + shift, 0.45, 0.55)),
                (1, hsb(0.66 + shift, 0.65, 0.14))
            ], top: horizon)
        var y = Double(horizon) + 2
        var band = 0
        while y < Double(height) {
            let halfWidth = radius * (0.9 + Double(band) * 0.12) * random.double(in: 0.6...1.2)
            raster.fillRect(
                x: Int(sunX - halfWidth), y: Int(y), width: Int(halfWidth * 2), height: 2 + band / 3,
                color: sun, opacity: max(0.08, 0.7 - Double(band) * 0.05)
            )
            band += 1
            y += 3 + Double(band) * 1.4
        }
    }

    private static func paintMountains(on raster: inout Raster, random: inout SplitMix64) {
        let (width, height) = (raster.width, raster.height)
        let shift = random.double(in: -0.06...0.06)
        let sky = hsb(0.08 + shift, 0.25, 0.98)
        raster.fillVerticalGradient([(0, hsb(0.58 + shift, 0.5, 0.72)), (0.6, sky), (1, sky)])
        raster.fillCircle(
            centerX: Double(width) * random.double(in: 0.15...0.85), centerY: Double(height) * random.double(in: 0.15...0.35),
            radius: random.double(in: 14...26), color: hsb(0.1 + shift, 0.15, 1), opacity: 0.85, feather: 3
        )

        let layers = random.int(in: 3...5)
        for layer in 0..<layers {
            let depth = Double(layer) / Double(layers - 1)
            let base = Double(height) * (0.42 + 0.42 * depth)
            let amplitude = Double(height) * random.double(in: 0.1...0.18)
            let (slow, sharp, detail) = (random.double(in: 0.006...0.014), random.double(in: 0.015...0.035), random.double(in: 0.06...0.12))
            let (phase1, phase2, phase3) = (random.double(in: 0...6.3), random.double(in: 0...6.3), random.double(in: 0...6.3))
            raster.fillBelow(
                ridge: { x in
                    let x = Double(x)
                    return base
                        - amplitude * 0.5 * sin(slow * x + phase1)
                        - amplitude * (1 - abs(sin(sharp * x + phase2)))
                        - amplitude * 0.06 * sin(detail * x + phase3)
                },
                color: sky.mixed(with: hsb(0.62 + shift, 0.55, 0.12), by: 0.3 + 0.7 * depth)
            )
        }
    }

    private static func paintWaves(on raster: inout Raster, random: inout SplitMix64) {
        let (width, height) = (raster.width, raster.height)
        let shift = random.double(in: -0.06...0.06)
        let horizon = Int(Double(height) * random.double(in: 0.25...0.4))
        let haze = hsb(0.55 + shift, 0.12, 0.98)
        raster.fillVerticalGradient([(0, hsb(0.57 + shift, 0.55, 0.85)), (Double(horizon) / Double(height), haze), (1, haze)])
        for _ in 0..<random.int(in: 2...4) {
            let cloudX = Double(width) * random.unit()
            let cloudY = Double(horizon) * random.double(in: 0.2...0.7)
            for puff in 0..<4 {
                raster.fillCircle(
                    centerX: cloudX + Double(puff) * 18, centerY: cloudY + Double(puff % 2) * 6,
                    radius: random.double(in: 12...22), color: .white, opacity: 0.7, feather: 6
                )
            }
        }

        let layers = random.int(in: 6...9)
        let foam = hsb(0.5 + shift, 0.05, 1)
        for layer in 0..<layers {
            let depth = Double(layer) / Double(layers)
            let base = Double(horizon) + Double(height - horizon) * depth
            let amplitude = 2 + Double(layer) * random.double(in: 1.5...3)
            let frequency = random.double(in: 0.02...0.045) / (1 + depth)
            let phase = random.double(in: 0...6.3)
            let crest = { (x: Int) in base - amplitude * sin(frequency * Double(x) + phase) }
            let water = hsb(0.53 + shift + depth * 0.05, 0.55 + depth * 0.3, 0.85 - depth * 0.5)
            raster.fillBelow(ridge: crest, color: water.mixed(with: foam, by: 0.7))
            raster.fillBelow(ridge: { crest($0) + 2.5 }, color: water)
        }
    }

    private static func paintStarryNight(on raster: inout Raster, random: inout SplitMix64) {
        let (width, height) = (raster.width, raster.height)
        let shift = random.double(in: -0.05...0.05)
        raster.fillVerticalGradient([(0, hsb(0.66 + shift, 0.8, 0.07)), (1, hsb(0.74 + shift, 0.55, 0.32))])
        for _ in 0..<random.int(in: 140...220) {
            raster.fillCircle(
                centerX: Double(width) * random.unit(), centerY: Double(height) * random.unit() * 0.8,
                radius: random.double(in: 0.4...1.3), color: hsb(0.6 * random.unit(), 0.15, 1),
                opacity: random.double(in: 0.4...1)
            )
        }
        let moonX = Double(width) * random.double(in: 0.15...0.85)
        let moonY = Double(height) * random.double(in: 0.15...0.35)
        let radius = random.double(in: 18...34)
        let moon = hsb(0.13, 0.12, 0.97)
        raster.fillCircle(centerX: moonX, centerY: moonY, radius: radius * 2, color: moon, opacity: 0.15, feather: radius * 2)
        raster.fillCircle(centerX: moonX, centerY: moonY, radius: radius, color: moon)
        for _ in 0..<5 {
            raster.fillCircle(
                centerX: moonX + radius * random.double(in: -0.6...0.6), centerY: moonY + radius * random.double(in: -0.6...0.6),
                radius: radius * random.double(in: 0.08...0.2), color: hsb(0.12, 0.15, 0.8), opacity: 0.5
            )
        }
        let (frequency, phase) = (random.double(in: 0.005...0.015), random.double(in: 0...6.3))
        raster.fillBelow(
            ridge: { Double(height) * 0.82 - 28 * sin(frequency * Double($0) + phase) - 6 * sin(0.05 * Double($0)) },
            color: hsb(0.7 + shift, 0.5, 0.05)
        )
    }

    private static func paintSkyline(on raster: inout Raster, random: inout SplitMix64) {
        let (width, height) = (raster.width, raster.height)
        let shift = random.double(in: -0.06...0.06)
        raster.fillVerticalGradient([
            (0, hsb(0.63 + shift, 0.6, 0.3)), (0.55, hsb(0.93 + shift, 0.45, 0.72)), (1, hsb(0.08 + shift, 0.6, 0.96))
        ])
        let lit = hsb(0.12, 0.5, 1)
        for (layer, brightness) in [0.36, 0.13].enumerated() {
            var x = -random.int(in: 0...20)
            while x < width {
                let buildingWidth = random.int(in: 22...64)
                let buildingHeight = Int(Double(height) * random.double(in: 0.2...0.45) * (1 + Double(layer) * 0.45))
                let top = height - buildingHeight
                raster.fillRect(x: x, y: top, width: buildingWidth, height: buildingHeight, color: hsb(0.67 + shift, 0.35, brightness))
                if layer == 1 {
                    for windowY in stride(from: top + 6, to: height - 8, by: 12) {
                        for windowX in stride(from: x + 5, to: x + buildingWidth - 6, by: 9) where random.chance(0.35) {
                            raster.fillRect(x: windowX, y: windowY, width: 4, height: 6, color: lit, opacity: random.double(in: 0.6...1))
                        }
                    }
                }
                x += buildingWidth + random.int(in: 0...6)
            }
        }
    }

    private static func paintStripes(on raster: inout Raster, random: inout SplitMix64) {
        let height = raster.height
        let baseHue = random.unit()
        let step = random.double(in: 0.06...0.3)
        let palette = (0..<random.int(in: 3...5)).map { index in
            hsb(baseHue + Double(index) * step, random.double(in: 0.45...0.8), random.double(in: 0.7...0.95))
        }
        let angle = random.double(in: -1.2...1.2)
        let (dx, dy) = (cos(angle), sin(angle))
        let period = random.double(in: 22...60)
        let count = palette.count
        raster.fill { x, y in
            let position = (Double(x) * dx + Double(y) * dy) / period + 1_000
            let band = Int(position)
            let fraction = (position - Double(band)) * period
            let color = palette[band % count]
            let edged = fraction < 1 ? palette[(band + count - 1) % count].mixed(with: color, by: fraction) : color
            return edged.mixed(with: .black, by: 0.18 * Double(y) / Double(height))
        }
    }

    private static func paintTiles(on raster: inout Raster, random: inout SplitMix64) {
        let (width, height) = (raster.width, raster.height)
        let hue = random.unit()
        let dark = hsb(hue, random.double(in: 0.5...0.8), random.double(in: 0.4...0.65))
        let light = hsb(hue + 0.05, 0.08, 0.96)
        let grout = hsb(hue, 0.05, 0.75)
        let tile = [40, 48, 60, 80][random.int(in: 0...3)]
        raster.fill { x, y in
            guard x % tile != 0, y % tile != 0 else { return grout }
            let color = (x / tile + y / tile) % 2 == 0 ? dark : light
            return color.mixed(with: .white, by: 0.15 * (1 - Double(x + y) / Double(width + height)))
        }
        let motif = random.double(in: 0.18...0.38)
        for row in 0..<(height / tile + 1) {
            for column in 0..<(width / tile + 1) {
                let isDark = (row + column) % 2 == 0
                raster.fillCircle(
                    centerX: (Double(column) + 0.5) * Double(tile), centerY: (Double(row) + 0.5) * Double(tile),
                    radius: Double(tile) * (isDark ? motif * 0.5 : motif), color: isDark ? light : dark, opacity: 0.9
                )
            }
        }
    }

    private static func paintRipples(on raster: inout Raster, random: inout SplitMix64) {
        let (width, height) = (raster.width, raster.height)
        let hue = random.unit()
        let deep = hsb(hue, random.double(in: 0.5...0.85), random.double(in: 0.25...0.45))
        let shallow = hsb(hue + random.double(in: -0.1...0.1), random.double(in: 0.2...0.5), random.double(in: 0.85...1))
        let first = (x: Double(width) * random.double(in: 0.2...0.8), y: Double(height) * random.double(in: 0.2...0.8))
        // A second drop now and then, whose rings interfere with the first's.
        let second =
            random.chance(0.5)
            ? (x: Double(width) * random.double(in: 0.2...0.8), y: Double(height) * random.double(in: 0.2...0.8))
            : nil
        let wavesPerPixel = 2 * Double.pi / random.double(in: 14...32)
        let reach = Double(width)
        raster.fill { x, y in
            let firstDistance = distance(Double(x), Double(y), first.x, first.y)
            var wave = cos(firstDistance * wavesPerPixel)
            var nearest = firstDistance
            if let second {
                let secondDistance = distance(Double(x), Double(y), second.x, second.y)
                wave = (wave + cos(secondDistance * wavesPerPixel)) / 2
                nearest = secondDistance < nearest ? secondDistance : nearest
            }
            return deep.mixed(with: shallow, by: (0.5 + 0.5 * wave) * (1 - 0.6 * nearest / reach))
        }
    }

    private static func distance(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> Double {
        ((x1 - x2) * (x1 - x2) + (y1 - y2) * (y1 - y2)).squareRoot()
    }

    private static func paintLanterns(on raster: inout Raster, random: inout SplitMix64) {
        let (width, height) = (raster.width, raster.height)
        let hue = random.double(in: -0.1...0.15)
        raster.fillVerticalGradient([(0, hsb(hue + 0.75, 0.6, 0.1)), (1, hsb(hue + 0.02, 0.55, 0.28))])
        for _ in 0..<random.int(in: 40...70) {
            raster.fillCircle(
                centerX: Double(width) * random.unit(), centerY: Double(height) * random.unit(),
                radius: random.double(in: 6...38), color: hsb(hue + random.double(in: -0.08...0.12), random.double(in: 0.4...0.9), 1),
                opacity: random.double(in: 0.2...0.55), feather: random.double(in: 1.5...4)
            )
        }
    }
}
