import Foundation

/// Font files found through fontconfig, for the tests that pin their own
/// fontconfig setup to chosen faces: no font path is written down, so a
/// distribution that installs its fonts elsewhere runs the same tests.
public enum FontFiles {
    /// Why a face could not be found.
    public struct Missing: Error, CustomStringConvertible {
        public let face: String
        public let match: String
        public var description: String { "no installed face '\(face)' (fontconfig matched '\(match)'): see scripts/install-deps.sh" }
    }

    /// The file of `family` in `style` ("Regular", "Bold", "Book"), as the
    /// machine's own fontconfig setup matches it (`fc-match -f '%{file}'`,
    /// FONTCONFIG_FILE and FONTCONFIG_PATH left out: a test run under a
    /// private setup still finds every installed face).
    /// - Throws: `Missing` when fontconfig's match is another family or
    ///   style (fc-match always answers with some font); what `Command` throws.
    public static func file(family: String, style: String) throws -> String {
        let face = "\(family):style=\(style)"
        let match = try Command(["env", "-u", "FONTCONFIG_FILE", "-u", "FONTCONFIG_PATH",
                                 "fc-match", "-f", "%{family}\n%{style}\n%{file}", face]).output
        let lines = match.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // fc-match lists a face's names comma-separated (a comma inside a name is escaped: none of ours has one).
        func names(_ line: String) -> [String] { line.split(separator: ",").map { $0.lowercased() } }
        guard lines.count == 3, names(lines[0]).contains(family.lowercased()), names(lines[1]).contains(style.lowercased()),
              !lines[2].isEmpty else {
            throw Missing(face: face, match: match.replacingOccurrences(of: "\n", with: " | "))
        }
        return lines[2]
    }
}
