import ArgumentParser
import Foundation
import TodoMDCore
import TodoMDService

/// `todomd git-setup`: makes a vault in a git repository merge task files field by field.
struct GitSetupCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "git-setup",
        abstract: "Make git merge task files field by field (.gitattributes and the merge drivers in the repo's config).")
    @OptionGroup var vaultOptions: VaultOptions

    func run() throws {
        try CLI.run(vaultOptions) { service, out in
            let exe = ChildProcess.selfPath
            let o = try GitSetup(vaultRoot: service.root, executable: exe).run()
            out.print(o.addedLines.isEmpty ? ".gitattributes already sends task files to todomd"
                      : "wrote \(o.attributesFile): " + o.addedLines.joined(separator: "; "))
            out.print("merge drivers todomd and todomd-order in \(o.repository)/.git/config: \(o.driver)")
            out.print(out.paint("Commit .gitattributes; run todomd git-setup once in every clone (git does not copy its config).", .dim))
        }
    }
}

/// `todomd merge-driver %O %A %B %P`: the merge git runs for a vault file (`FileMerge`). Writes
/// the result over %A; exits 1 when fields really conflict (marked with <<<<<<< … >>>>>>>).
struct MergeDriver: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge-driver",
        abstract: "Merge three versions of a vault file field by field (git runs this; see git-setup).")
    @Argument(help: "The common ancestor's file (%O).") var base: String
    @Argument(help: "Ours (%A): the result is written here.") var mine: String
    @Argument(help: "Theirs (%B).") var theirs: String
    @Argument(help: "The file's path in the repository (%P).") var path: String = ""

    func run() throws {
        do {
            let o = try Vault.readFile(base), a = try Vault.readFile(mine), b = try Vault.readFile(theirs)
            let result = FileMerge.merge(path: path.isEmpty ? mine : path, base: o, mine: a, theirs: b)
            // git passes paths relative to the repository's top (its working folder).
            let target = mine.hasPrefix("/") ? mine : FileManager.default.currentDirectoryPath + "/" + mine
            if result.bytes != a { try Vault.writeAtomically(target, bytes: result.bytes) }
            if !result.conflicts.isEmpty {
                Printer.note("\(path): \(result.conflicts.joined(separator: ", ")) changed on both sides; resolve the <<<<<<< markers")
                throw ExitCode(1)
            }
        } catch let e as TodoError {
            FileHandle.standardError.write(Data(("todomd: error: " + e.description + "\n").utf8))
            throw ExitCode(2)
        }
    }
}
