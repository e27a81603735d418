// Fuzzes the manual-order file reader (`.order.json`, OrderFile.load) and its rewrite.
//
// The input is written as `<tmp>/.order.json` (one directory per fuzzing process, in /dev/shm
// when there is one) and loaded.
//
// Invariants:
//  order-save       a reorder can always be saved: save() does not throw, whether the file was
//                   read or was malformed (then it is kept aside as `.order.json.malformed-…`)
//  order-roundtrip  what save wrote loads again without a problem, with the same view orders;
//                   unknown keys of a readable file survive the save
//  order-rank       rank(view:) gives each listed name its first position
import Foundation
import FuzzSupport
@testable import TodoMDCore

private let root: String = {
    let base = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
    let dir = base + "/todomd-fuzz-order-\(getpid())"
    try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    atexit { try? FileManager.default.removeItem(atPath: root) }  // not after a crash: small, in tmp
    return dir
}()
private let file = root + "/" + OrderFile.fileName
private let clock = Clock(now: Date(timeIntervalSince1970: 1_767_691_800), timeZone: TimeZone(identifier: "UTC")!)

/// Removes what a save of a malformed file kept aside, so the directory stays small.
private func cleanUp() {
    for name in (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? [] where name != OrderFile.fileName {
        try? FileManager.default.removeItem(atPath: root + "/" + name)
    }
}

private func topLevelKeys(_ path: String) -> Set<String> {
    guard let data = FileManager.default.contents(atPath: path),
          let obj = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else { return [] }
    return Set(obj.keys)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = FuzzInput(data, size).bytes
    _ = FileManager.default.createFile(atPath: file, contents: Data(bytes))
    let order = OrderFile.load(root: root)
    let ctx = "file \(lit(String(decoding: bytes, as: UTF8.self)))\nproblem: \(order.problem ?? "none")"
    let keysBefore = order.problem == nil ? topLevelKeys(file) : []

    for (view, list) in order.views {
        let rank = order.rank(view: view)
        for (i, name) in list.enumerated().prefix(20) where list.firstIndex(of: name) == i {
            // A path listed as is; a bare file name under a folder no list names.
            let t = TodoTask(path: name.contains("/") ? name : "\u{1}/" + name, title: "t")
            guard name.contains("/") || t.filename == name else { continue }
            let got = rank(t)
            fuzzCheck("order-rank", got == i, "\(lit(name)) in view \(lit(view)) ranks \(String(describing: got)), listed first at \(i)\n\(ctx)")
        }
    }

    var saved = order
    if saved.views.isEmpty { saved.views["inbox"] = ["a.md", "b.md"] } else if let k = saved.views.keys.sorted().first {
        saved.views[k] = (saved.views[k] ?? []).reversed()
    }
    do { try saved.save(root: root, clock: clock) } catch {
        cleanUp()
        fuzzFail("order-save", "save threw \(error)\n\(ctx)")
    }
    let again = OrderFile.load(root: root)
    let written = String(decoding: FileManager.default.contents(atPath: file) ?? Data(), as: UTF8.self)
    cleanUp()
    fuzzCheck("order-roundtrip", again.problem == nil, "the saved file does not load: \(again.problem!)\nwritten: \(lit(written))\n\(ctx)")
    fuzzCheck("order-roundtrip", again.views == saved.views, "views changed: \(saved.views) → \(again.views)\nwritten: \(lit(written))\n\(ctx)")
    if order.problem == nil {
        let keysAfter = topLevelKeys(file)
        fuzzCheck("order-roundtrip", keysBefore.isSubset(of: keysAfter), "keys lost: \(keysBefore.subtracting(keysAfter))\nwritten: \(lit(written))\n\(ctx)")
    }
    return 0
}

@main enum Main { static func main() { runFuzzer(fuzz) } }
