import ArgumentParser
import PluginHost
import Rendering
import TransitionCore

struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List every effect the host found, where it came from, and whether it loaded.",
        discussion: """
            Files that could not be loaded are listed with the reason and the fix; they never stop \
            the others. Plugin files are loaded in helper processes, never in this one: a plugin that \
            crashes or hangs while loading is listed as crashed or hung and skipped until its file \
            changes. What was learned is kept in $XDG_CACHE_HOME/transition-host/registry-v1 \
            (default ~/.cache/...), so that a later list loads nothing unless a file changed; and \
            what was listed in .../listing-v1, so that a list with nothing changed on the search path \
            prints it again.
            """)

    @OptionGroup var plugins: PluginOptions

    @Flag(help: "Print a JSON array instead of a table.")
    var json = false

    @Flag(help: "Forget the registry cache, scan every plugin file again, and make the listing afresh.")
    var rescan = false

    func run() throws {
        // Listing loads no plugin in this process: the cache and the scanner's helpers say
        // what each file holds, or the listing kept from the last run says it all.
        let listing = plugins.list(rescan: rescan, make: Self.listing)
        if json { print(listing.json()) } else { printText(listing.table()) }
    }

    static func listing(_ discovery: DiscoveredPlugins) -> PluginListing {
        let (rows, notes) = discovery.listingContents()
        return PluginListing(rows: rows, notes: notes)
    }
}

/// Kept between runs by PluginDiscovery.listing(make:) as the records Rendering gives it.
extension PluginListing: KeepableListing {}
