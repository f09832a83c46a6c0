import Foundation

/// A cat sitting and facing the viewer, painted over a scene: the demo news is about cats,
/// so its pictures show one where the story happens.
struct DemoCat: Sendable, Equatable {
    enum Coat: Sendable, CaseIterable {
        case ginger, greyTabby, black, white, blackAndWhite, calico, tortoiseshell, cream

        /// How the coat is said in a picture's description.
        var name: String {
            switch self {
            case .ginger: "ginger"
            case .greyTabby: "grey tabby"
            case .black: "black"
            case .white: "white"
            case .blackAndWhite: "black and white"
            case .calico: "calico"
            case .tortoiseshell: "tortoiseshell"
            case .cream: "cream"
            }
        }

        fileprivate var body: RGBColor {
            switch self {
            case .ginger: RGBColor(hue: 0.07, saturation: 0.78, brightness: 0.88)
            case .greyTabby: RGBColor(hue: 0.6, saturation: 0.06, brightness: 0.52)
            case .black, .blackAndWhite: RGBColor(hue: 0.7, saturation: 0.2, brightness: 0.09)
            case .white, .calico: RGBColor(hue: 0.1, saturation: 0.04, brightness: 0.96)
            case .tortoiseshell: RGBColor(hue: 0.05, saturation: 0.5, brightness: 0.2)
            case .cream: RGBColor(hue: 0.1, saturation: 0.25, brightness: 0.92)
            }
        }

        /// Stripes, a bib or patches, drawn over the body's colour.
        fileprivate var markings: [(color: RGBColor, patch: Patch)] {
            let orange = RGBColor(hue: 0.07, saturation: 0.8, brightness: 0.85)
            let dark = RGBColor(hue: 0.7, saturation: 0.2, brightness: 0.12)
            switch self {
            case .ginger: return [(RGBColor(hue: 0.06, saturation: 0.85, brightness: 0.68), .stripes)]
            case .greyTabby: return [(RGBColor(hue: 0.6, saturation: 0.08, brightness: 0.3), .stripes)]
            case .blackAndWhite: return [(.white, .bib)]
            case .calico: return [(orange, .leftPatch), (dark, .rightPatch)]
            case .tortoiseshell: return [(orange, .leftPatch), (RGBColor(hue: 0.08, saturation: 0.7, brightness: 0.6), .rightPatch)]
            case .black, .white, .cream: return []
            }
        }
    }

    fileprivate enum Patch {
        case stripes, bib, leftPatch, rightPatch
    }

    let coat: Coat
    /// Where it sits across the picture, from 0 (left edge) to 1.
    var across = 0.5
    /// Where its paws rest, from 0 (top) to 1 (bottom).
    var ground = 0.92
    /// How tall it sits, as a share of the picture's height.
    var size = 0.5

    func paint(on raster: inout Raster) {
        let height = Double(raster.height) * size
        let centerX = Double(raster.width) * across
        let groundY = Double(raster.height) * ground
        func point(_ x: Double, _ y: Double) -> (x: Double, y: Double) {
            (centerX + x * height, groundY - y * height)
        }
        let body = coat.body

        // The tail curls out from the haunch and up beside the body.
        for step in 0...40 {
            let t = Double(step) / 40
            let x = 0.18 + 0.26 * sin(t * .pi * 0.55)
            let y = 0.04 + 0.36 * t * t
            let tip = point(x, y)
            raster.fillCircle(centerX: tip.x, centerY: tip.y, radius: height * 0.045, color: body)
        }
        let haunch = point(0, 0.13)
        raster.fillEllipse(centerX: haunch.x, centerY: haunch.y, radiusX: height * 0.3, radiusY: height * 0.13, color: body)
        let chest = point(0, 0.34)
        raster.fillEllipse(centerX: chest.x, centerY: chest.y, radiusX: height * 0.22, radiusY: height * 0.3, color: body)
        for side in [-1.0, 1.0] {
            raster.fillTriangle(point(side * 0.16, 0.74), point(side * 0.04, 0.84), point(side * 0.15, 1), color: body)
        }
        let head = point(0, 0.72)
        raster.fillCircle(centerX: head.x, centerY: head.y, radius: height * 0.17, color: body)

        for (color, patch) in coat.markings {
            switch patch {
            case .stripes:
                for row in 0..<4 {
                    let stripe = point(0, 0.2 + Double(row) * 0.09)
                    raster.fillEllipse(centerX: stripe.x, centerY: stripe.y, radiusX: height * 0.2, radiusY: height * 0.018, color: color, opacity: 0.8)
                }
                let brow = point(0, 0.83)
                raster.fillEllipse(centerX: brow.x, centerY: brow.y, radiusX: height * 0.05, radiusY: height * 0.02, color: color, opacity: 0.8)
            case .bib:
                let bib = point(0, 0.38)
                raster.fillEllipse(centerX: bib.x, centerY: bib.y, radiusX: height * 0.09, radiusY: height * 0.2, color: color)
                let muzzle = point(0, 0.66)
                raster.fillEllipse(centerX: muzzle.x, centerY: muzzle.y, radiusX: height * 0.08, radiusY: height * 0.055, color: color)
            case .leftPatch:
                let patchCenter = point(-0.08, 0.3)
                raster.fillEllipse(centerX: patchCenter.x, centerY: patchCenter.y, radiusX: height * 0.1, radiusY: height * 0.14, color: color)
                raster.fillTriangle(point(-0.16, 0.74), point(-0.04, 0.84), point(-0.15, 1), color: color)
            case .rightPatch:
                let patchCenter = point(0.1, 0.16)
                raster.fillEllipse(centerX: patchCenter.x, centerY: patchCenter.y, radiusX: height * 0.12, radiusY: height * 0.08, color: color)
                let cheek = point(0.08, 0.76)
                raster.fillCircle(centerX: cheek.x, centerY: cheek.y, radius: height * 0.06, color: color)
            }
        }

        let eyeColor = RGBColor(hue: 0.22, saturation: 0.7, brightness: 0.85)
        for side in [-1.0, 1.0] {
            let eye = point(side * 0.065, 0.74)
            raster.fillCircle(centerX: eye.x, centerY: eye.y, radius: height * 0.028, color: eyeColor)
            raster.fillEllipse(centerX: eye.x, centerY: eye.y, radiusX: height * 0.008, radiusY: height * 0.024, color: .black)
        }
        let nose = point(0, 0.68)
        raster.fillCircle(centerX: nose.x, centerY: nose.y, radius: height * 0.014, color: RGBColor(hue: 0.97, saturation: 0.45, brightness: 0.75))
    }
}
