import SegmentedTitles
import SegmentedX11

/// The command line's options; `--help`, `--man` and `--version` print and
/// exit 0, a bad option exits 2.
func readOptions() -> DemoOptions {
    do {
        switch try DemoOptions.parse(Array(CommandLine.arguments.dropFirst())) {
        case .help:
            printAndExit(DemoOptions.usage)
        case .man:
            printAndExit(DemoManPage.text(version: version), newline: false)
        case .version:
            printAndExit("\(programName) \(version)")
        case let .run(parsed):
            return parsed
        }
    } catch {
        fail("\(error)", status: 2)
    }
}

/// The titles file's path (`--titles` or the bundled one) and its titles and
/// items; exits 2 when it does not read or `--select` is beyond its last title.
///
/// The titles come first: a bad file (or a `--select` beyond its last title)
/// is the error reported, whatever else is wrong.
func readTitles(options: DemoOptions) -> (path: String, contents: TitlesFile.Contents) {
    let titlesPath: String
    do {
        titlesPath = try options.titlesFile ?? BundledResources.defaultTitlesPath()
    } catch {
        fail("\(error)", status: 2)
    }
    let contents: TitlesFile.Contents
    do {
        contents = try TitlesFile.loadContents(path: titlesPath)
    } catch {
        fail("\(error)", status: 2)
    }
    let titles = contents.titles
    if options.selectedIndex >= max(titles.count, 1) {
        let range = titles.isEmpty ? "there are no titles" : titles.count == 1 ? "there is 1 title (0)" : "there are \(titles.count) titles (0...\(titles.count - 1))"
        fail("--select \(options.selectedIndex) is out of range: \(range)", status: 2)
    }
    return (titlesPath, contents)
}

/// Exits 2 for a color flag that is wrong without a server (#RGB, #RRGGBB):
/// checked before any window; X color names are checked once the display is
/// open, still before the window.
func checkColorsBeforeDisplay(options: DemoOptions) {
    for (setting, value) in options.theme where setting.isColor && value.hasPrefix("#") {
        var scratch = StripStyle()
        do { try setting.apply(value, to: &scratch, display: nil) } catch { fail("\(error)", status: 2) }
    }
}
