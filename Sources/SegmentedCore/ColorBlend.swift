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
}
