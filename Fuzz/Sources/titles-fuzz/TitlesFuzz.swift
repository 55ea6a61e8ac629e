import Foundation
import SegmentedCore
import SegmentedTitles

/// The same bytes as an XSETTINGS property: parsed or refused (nil), never
/// a crash or a read past the end (AddressSanitizer watches the copy), and
/// a parse holds no more settings than 12-byte records fit.
func checkXSettings(_ bytes: [UInt8]) {
    guard let settings = XSettingsProperty.parse(bytes) else { return }
    precondition(settings.count <= max(0, bytes.count - 12) / 12, "\(settings.count) settings in \(bytes.count) bytes")
    precondition(XSettingsProperty.parse(bytes) == settings, "a second parse differs")
}

/// A titles file that jansson reads as a JSON array must read the same in
/// Foundation's `JSONSerialization`, a second reader no one here wrote: the
/// same strings, an item object's title in its place. (Foundation takes more
/// than JSON, a trailing comma for one, so only what jansson takes is compared; and
/// on Linux it drops a U+FEFF inside a string, which JSON keeps, so a text
/// with one is not compared.)
func checkAgainstFoundation(_ bytes: Data, _ titles: [String]) {
    var body = bytes[...]
    while body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
    if body.indices.contains(where: { body[$0...].starts(with: [0xEF, 0xBB, 0xBF]) }) { return }
    guard body.first(where: { ![0x20, 0x09, 0x0A, 0x0B, 0x0C, 0x0D].contains($0) }) == UInt8(ascii: "[") else { return }
    guard let array = try? JSONSerialization.jsonObject(with: Data(body)) as? [Any] else {
        fatalError("JSONSerialization refuses an array jansson read")
    }
    let expected = array.map { ($0 as? String) ?? (($0 as? [String: Any])?["title"] as? String) ?? "\u{FFFF}not a title" }
    precondition(expected == titles, "JSONSerialization reads other titles: \(expected) against \(titles)")
}

/// libFuzzer entry point: the bytes are an XSETTINGS property
/// (`checkXSettings`) and a titles file, read by jansson when it is JSON. The file must parse or throw
/// `TitlesFile.Failure` (never crash), and whatever parses must lay out with
/// finite frames in order, an in-range offset and hit-tests that find every
/// segment's center, for every selection the first byte picks. Malformed JSON
/// must be placed: its message ends with the line and column.
@_cdecl("LLVMFuzzerTestOneInput")
public func titlesFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(bytes: data, count: size)
    checkXSettings(Array(UnsafeBufferPointer(start: data, count: size)))
    let parsed = Result { try TitlesFile.parse(bytes, path: "fuzz") }
    if case let .failure(error) = parsed, case let .malformedJSON(_, detail)? = error as? TitlesFile.Failure {
        precondition(detail.hasSuffix(")") && detail.contains(" (line "), "malformed JSON without a position: \(detail)")
    }
    let titles: [String]
    do {
        titles = try parsed.get()
        checkAgainstFoundation(bytes, titles)
    } catch is TitlesFile.Failure {
        return 0
    } catch {
        fatalError("unexpected error type: \(error)")
    }
    let viewport = Double(size > 0 ? Int(data[0]) * 4 + 1 : 400)
    let selected = titles.isEmpty ? 0 : (size > 1 ? Int(data[1]) % titles.count : 0)
    // A measurer whose widths depend on the bytes of the title: 0 to 60 px per scalar.
    func measure(_ s: String, _ scale: Double) -> Double {
        s.unicodeScalars.reduce(0) { $0 + Double($1.value % 61) * scale }
    }
    guard let model = try? StripModel(titles: titles, selectedIndex: selected, viewportWidth: viewport,
                                      measureUnselected: { measure($0, 1) }, measureSelected: { measure($0, 1.2) })
    else { fatalError("valid selection refused") }
    let layout = model.restingLayout
    var previousEnd = -Double.infinity
    for i in 0..<min(layout.count, 2000) {
        let f = layout.frame(at: i)
        precondition(f.x.isFinite && f.width.isFinite && f.x > previousEnd, "frame \(i) out of order: \(f)")
        precondition(layout.hitTest(x: f.midX, y: 10) == i, "hit-test missed \(i)")
        previousEnd = f.maxX
    }
    let offset = model.presentation(at: 0).contentOffset
    precondition(offset >= 0 && offset <= model.maximumOffset, "offset \(offset) out of range")
    if !titles.isEmpty {
        _ = try? model.select(titles.count - 1, at: 0)
        let mid = model.presentation(at: 0.15)
        precondition(mid.contentOffset.isFinite && mid.layout.contentWidth.isFinite, "non-finite tween")
    }
    return 0
}

@_silgen_name("LLVMFuzzerRunDriver")
private func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt
) -> CInt

/// SwiftPM links an executable's entry point as `<module>_main`; hand control
/// to libFuzzer's driver from there.
@_cdecl("titles_fuzz_main")
public func titlesFuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var count = argc
    var arguments = argv
    return LLVMFuzzerRunDriver(&count, &arguments) { data, size in titlesFuzz(data, size) }
}
