import Foundation
import TodoMDCore

extension Adapter {
    /// The spec's configuration operations (tasknotes-spec §9).
    static var configOperations: [String: Operation] {
        [
            "config.resolve_collection_path": { input in
                let path = TaskNotesCollectionPath.resolve(
                    flag: input["flagPath"]?.stringPayload, environment: input["envPath"]?.stringPayload,
                    persisted: input["persistedPath"]?.stringPayload,
                    cwd: input["cwd"]?.stringPayload ?? FileManager.default.currentDirectoryPath)
                return .object([("value", .string(path))])
            },
            "config.merge_top_level": { input in
                .object([("value", TaskNotesConfigMerge.mergeTopLevel(input["providers"]?.arrayItems ?? []))])
            },
            "config.spec_version_effective": { input in
                let v = TaskNotesConfigMerge.effectiveSpecVersion(
                    provided: input["providerSpecVersion"]?.stringPayload,
                    target: input["targetSpecVersion"]?.stringPayload ?? TaskNotesConfig.targetSpecVersion)
                return .object([("value", .string(v.value)), ("synthesized", .bool(v.synthesized))])
            },
            "config.map_tasknotes_plugin": { input in
                .object([("value", TaskNotesPluginSettings.partialConfig(from: input["data"] ?? input["config"] ?? input))])
            },
            "config.detect_task_file": { input in
                let detection = TaskNotesTaskDetection(config: input["taskDetection"])
                let isTask = detection.isTask(path: input["filePath"]?.stringPayload, frontmatter: input["frontmatter"]?.objectMembers ?? [],
                                              body: input["body"]?.stringPayload ?? "")
                return .object([("value", .bool(isTask))])
            },
            "config.provider_behavior": { input in
                let warnings = try TaskNotesConfigMerge.checkProviders(
                    strict: input["mode"]?.stringPayload != "permissive",
                    providersReadable: input["providersReadable"]?.boolPayload ?? true,
                    hasRequiredKeys: input["hasRequiredKeys"]?.boolPayload ?? true)
                return .object([("value", .string("accepted")), ("warnings", .array(warnings.map(JSONValue.string)))])
            },
            "config.validate_schema": { input in
                guard let kind = input["kind"]?.stringPayload else { throw AdapterError("invalid_input", "kind is required", field: "kind") }
                try TaskNotesConfigValidator.validate(section: kind, value: input["value"] ?? .null)
                return .object([("value", .string("valid"))])
            },
        ]
    }
}
