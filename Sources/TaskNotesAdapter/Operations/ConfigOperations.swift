import Foundation
import TodoMDCore

extension Adapter {
    /// The spec's configuration operations (tasknotes-spec §9).
    static var configOperations: [String: Operation] {
        [
            "config.resolve_collection_path": { input in
                let path = TaskNotesCollectionPath.resolve(
                    flag: input["flagPath"]?.string, environment: input["envPath"]?.string,
                    persisted: input["persistedPath"]?.string,
                    cwd: input["cwd"]?.string ?? FileManager.default.currentDirectoryPath)
                return .object([("value", .string(path))])
            },
            "config.merge_top_level": { input in
                .object([("value", TaskNotesConfigMerge.mergeTopLevel(input["providers"]?.array ?? []))])
            },
            "config.spec_version_effective": { input in
                let v = TaskNotesConfigMerge.effectiveSpecVersion(
                    provided: input["providerSpecVersion"]?.string,
                    target: input["targetSpecVersion"]?.string ?? TaskNotesConfig.targetSpecVersion)
                return .object([("value", .string(v.value)), ("synthesized", .bool(v.synthesized))])
            },
            "config.map_tasknotes_plugin": { input in
                .object([("value", TaskNotesPluginSettings.partialConfig(from: input["data"] ?? input["config"] ?? input))])
            },
            "config.detect_task_file": { input in
                let detection = TaskNotesTaskDetection(config: input["taskDetection"])
                let isTask = detection.isTask(path: input["filePath"]?.string, frontmatter: input["frontmatter"]?.members ?? [],
                                              body: input["body"]?.string ?? "")
                return .object([("value", .bool(isTask))])
            },
            "config.provider_behavior": { input in
                do {
                    let warnings = try TaskNotesConfigMerge.checkProviders(
                        strict: input["mode"]?.string != "permissive",
                        providersReadable: input["providersReadable"]?.bool ?? true,
                        hasRequiredKeys: input["hasRequiredKeys"]?.bool ?? true)
                    return .object([("value", .string("accepted")), ("warnings", .array(warnings.map(JSONValue.string)))])
                } catch let e as TaskNotesConfigError {
                    throw configError(e)
                }
            },
            "config.validate_schema": { input in
                guard let kind = input["kind"]?.string else { throw AdapterError("invalid_input", "kind is required", field: "kind") }
                do {
                    try TaskNotesConfigValidator.validate(section: kind, value: input["value"] ?? .null)
                    return .object([("value", .string("valid"))])
                } catch let e as TaskNotesConfigError {
                    throw configError(e)
                }
            },
        ]
    }

    static func configError(_ e: TaskNotesConfigError) -> AdapterError {
        AdapterError("configuration_error", e.message, field: e.path.isEmpty ? nil : e.path)
    }
}
