import Glibc

/// Colors mixed the way light mixes: each 8-bit sRGB channel decoded to
/// linear light, interpolated there, and encoded back. Mixing the encoded
/// values instead darkens the middle of a red-to-grey blend (the "muddy
/// midpoint").
///
/// The transfer functions are the sRGB standard's (IEC 61966-2-1:1999).
public enum ColorBlend {
    /// Linear light (0...1) of an encoded sRGB channel value (0...1).
    public static func linear(_ encoded: Double) -> Double {
        encoded <= 0.04045 ? encoded / 12.92 : pow((encoded + 0.055) / 1.055, 2.4)
    }

    /// The encoded sRGB channel value (0...1) of linear light (0...1).
    public static func encoded(_ linear: Double) -> Double {
        linear <= 0.0031308 ? linear * 12.92 : 1.055 * pow(linear, 1 / 2.4) - 0.055
    }

    /// `a` at `t` = 0, `b` at `t` = 1, mixed in linear light; colors are
    /// 0xRRGGBB, `t` is clamped to 0...1.
    public static func mix(_ a: UInt32, _ b: UInt32, _ t: Double) -> UInt32 {
        let t = min(max(t, 0), 1)
        if t == 0 { return a & 0xFFFFFF }
        if t == 1 { return b & 0xFFFFFF }
        var out: UInt32 = 0
        for shift: UInt32 in [16, 8, 0] {
            let x = linear(Double((a >> shift) & 0xFF) / 255), y = linear(Double((b >> shift) & 0xFF) / 255)
            let channel = UInt32((encoded(x + (y - x) * t) * 255).rounded())
            out |= min(channel, 255) << shift
        }
        return out
    }

    /// Relative luminance (0...1) of a 0xRRGGBB color: WCAG 2's
    /// 0.2126 R + 0.7152 G + 0.0722 B of the linear channels.
    public static func luminance(_ rgb: UInt32) -> Double {
        let c = [16, 8, 0].map { linear(Double((rgb >> UInt32($0)) & 0xFF) / 255) }
        return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]
    }

    /// WCAG 2's contrast ratio of two 0xRRGGBB colors, 1 (none) to 21:
    /// (lighter luminance + 0.05) / (darker luminance + 0.05).
    public static func contrast(_ a: UInt32, _ b: UInt32) -> Double {
        let la = luminance(a), lb = luminance(b)
        return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
    }

    /// `color` at opacity `alpha` (0...1) composited Over `base` (0xRRGGBB
    /// each), per 8-bit encoded channel as XRender's Over does.
    public static func over(_ color: UInt32, _ alpha: Double, on base: UInt32) -> UInt32 {
        [16, 8, 0].reduce(0) { rgb, shift in
            let c = Double((color >> UInt32(shift)) & 0xFF), b = Double((base >> UInt32(shift)) & 0xFF)
            return rgb | UInt32((c * alpha + b * (1 - alpha)).rounded()) << UInt32(shift)
        }
    }
}
