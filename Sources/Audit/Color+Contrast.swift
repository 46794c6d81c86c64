import Reflow

extension Color {
    /// WCAG 2's relative luminance: the sRGB channels linearized (c / 12.92 up to 0.04045,
    /// ((c + 0.055) / 1.055)^2.4 above) and weighted 0.2126, 0.7152, 0.0722.
    public var relativeLuminance: Double {
        func linear(_ channel: UInt8) -> Double {
            let c = Double(channel) / 255
            return c <= 0.040_45 ? c / 12.92 : ((c + 0.055) / 1.055).power(2.4)
        }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// WCAG 2's contrast ratio with `other`: (lighter + 0.05) / (darker + 0.05), from 1 to 21.
    public func contrastRatio(with other: Color) -> Double {
        let a = relativeLuminance, b = other.relativeLuminance
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }

    /// This color, with its alpha, laid over the opaque `backdrop`: what the eye sees.
    public func composited(over backdrop: Color) -> Color {
        let alpha = Double(self.alpha) / 255
        func mix(_ top: UInt8, _ bottom: UInt8) -> UInt8 {
            UInt8((Double(top) * alpha + Double(bottom) * (1 - alpha)).rounded())
        }
        return Color(red: mix(red, backdrop.red), green: mix(green, backdrop.green), blue: mix(blue, backdrop.blue))
    }
}

private extension Double {
    func power(_ exponent: Double) -> Double {
        #if canImport(Glibc)
        return Glibc.pow(self, exponent)
        #else
        return Foundation.pow(self, exponent)
        #endif
    }
}

#if canImport(Glibc)
import Glibc
#else
import Foundation
#endif
