import BuyflowCore

/// A synchronous execution that writes the response's `data` straight into JSON bytes
/// instead of building `JSONValue`s: no object or dictionary per selection set, no
/// second pass to serialize. Same semantics as `SyncExecution` (whose resolving,
/// planning and error recording it uses): a null propagating to a position truncates
/// what was written for that position and writes `null` there.
///
/// The buffer is passed down as `inout` rather than kept in a property, which would cost
/// a dynamic exclusivity check per write. Positions are the field (`index` −1) or a list
/// item, and the type is walked by depth in `PlannedField.shape`.
final class SerializingExecution {
    let base: SyncExecution

    init(_ environment: ExecutionEnvironment) {
        base = SyncExecution(environment)
    }

    func writeFields(_ plan: FieldPlan, parent: ResolvedValue, path: ResponsePath?, into out: inout [UInt8]) throws(Bubble) {
        out.append(UInt8(ascii: "{"))
        var first = true
        for field in plan.fields {
            if first { first = false } else { out.append(UInt8(ascii: ",")) }
            out.append(contentsOf: field.memberPrefix.buffer)
            try writeField(field, on: plan.objectType, parent: parent, path: path, into: &out)
        }
        out.append(UInt8(ascii: "}"))
    }

    private func writeField(
        _ field: PlannedField, on type: NamedType, parent: ResolvedValue, path: ResponsePath?, into out: inout [UInt8]
    ) throws(Bubble) {
        if case .typeName = field.completion {
            JSONBytes.writeString(type.name, into: &out)
            return
        }
        let value: ResolvedValue
        do {
            value = try base.resolve(field, parent: parent, path: path)
        } catch {
            _ = try base.fail(error, field, path)
            out.append(contentsOf: JSONBytes.null)
            return
        }
        let mark = out.count
        do {
            try write(value, field, depth: 0, path, index: -1, into: &out)
        } catch {
            out.removeSubrange(mark...)
            switch error {
            case .bubble:
                if field.shape[0] == .nonNull { throw Bubble() }
            case .failed(let failure):
                _ = try base.fail(failure, field, path)
            }
            out.append(contentsOf: JSONBytes.null)
        }
    }

    /// The response path component of a position: the field's key, or a list index.
    @inline(__always)
    private func component(_ field: PlannedField, _ index: Int) -> PathComponent {
        index < 0 ? .key(field.responseKey) : .index(index)
    }

    /// Spec "CompleteValue" for the type `field.shape[depth...]`, at the position
    /// (`path`, `index`).
    private func write(
        _ value: ResolvedValue, _ field: PlannedField, depth: Int, _ path: ResponsePath?, index: Int, into out: inout [UInt8]
    ) throws(CompletionFailure) {
        switch field.shape[depth] {
        case .nonNull:
            if value.isNull { throw .failed(base.nullInNonNull(field)) }
            try write(value, field, depth: depth + 1, path, index: index, into: &out)
        case .list:
            switch value {
            case .null, .json(.null):
                out.append(contentsOf: JSONBytes.null)
            case .list(let items):
                let listPath = ResponsePath(path, component(field, index))
                out.append(UInt8(ascii: "["))
                for (itemIndex, item) in items.enumerated() {
                    if itemIndex > 0 { out.append(UInt8(ascii: ",")) }
                    try writeItem(item, field, depth: depth + 1, listPath, itemIndex, into: &out)
                }
                out.append(UInt8(ascii: "]"))
            case .json(.array(let items)):
                let listPath = ResponsePath(path, component(field, index))
                out.append(UInt8(ascii: "["))
                for (itemIndex, item) in items.enumerated() {
                    if itemIndex > 0 { out.append(UInt8(ascii: ",")) }
                    try writeItem(.json(item), field, depth: depth + 1, listPath, itemIndex, into: &out)
                }
                out.append(UInt8(ascii: "]"))
            default:
                throw .failed(base.notAList(field))
            }
        case .named:
            switch field.completion {
            case .leaf(let kind):
                if case .json(.string(let text)) = value {
                    switch kind {
                    case .string, .id, .custom:
                        JSONBytes.writeString(text, into: &out)
                        return
                    default:
                        break
                    }
                }
                let json: JSONValue
                do {
                    json = try ResultCoercion.serialize(value, as: kind)
                } catch {
                    throw .failed(error)
                }
                JSONBytes.write(json, into: &out)
            case .object, .abstract:
                if value.isNull {
                    out.append(contentsOf: JSONBytes.null)
                    return
                }
                let plan = try base.childPlan(field, for: value)
                do {
                    if plan.readsLeafMembersOnly, case .json(.object(let object)) = value {
                        try writeLeafMembers(plan, of: object, parentPath: path, component(field, index), into: &out)
                    } else {
                        try writeFields(plan, parent: value, path: ResponsePath(path, component(field, index)), into: &out)
                    }
                } catch {
                    throw .bubble
                }
            case .typeName:
                JSONBytes.writeString(field.parentType.name, into: &out)
            }
        }
    }

    /// `writeFields` for a plan that `readsLeafMembersOnly`, on a JSON object: each
    /// member as the default resolver reads it, completed as a leaf (which needs no path),
    /// the object's `ResponsePath` made only for a field error.
    private func writeLeafMembers(
        _ plan: FieldPlan, of object: JSONObject, parentPath: ResponsePath?, _ component: PathComponent, into out: inout [UInt8]
    ) throws(Bubble) {
        out.append(UInt8(ascii: "{"))
        var first = true
        for field in plan.fields {
            if first { first = false } else { out.append(UInt8(ascii: ",")) }
            out.append(contentsOf: field.memberPrefix.buffer)
            if case .typeName = field.completion {
                JSONBytes.writeString(plan.objectType.name, into: &out)
                continue
            }
            let value: ResolvedValue = if let member = object[field.name] { .json(member) } else { .null }
            let mark = out.count
            do {
                try write(value, field, depth: 0, nil, index: -1, into: &out)
            } catch {
                out.removeSubrange(mark...)
                switch error {
                case .bubble:
                    if field.shape[0] == .nonNull { throw Bubble() }
                case .failed(let failure):
                    _ = try base.fail(failure, field, ResponsePath(parentPath, component))
                }
                out.append(contentsOf: JSONBytes.null)
            }
        }
        out.append(UInt8(ascii: "}"))
    }

    private func writeItem(
        _ item: ResolvedValue, _ field: PlannedField, depth: Int, _ listPath: ResponsePath, _ index: Int,
        into out: inout [UInt8]
    ) throws(CompletionFailure) {
        let mark = out.count
        do {
            try write(item, field, depth: depth, listPath, index: index, into: &out)
        } catch {
            out.removeSubrange(mark...)
            if case .failed(let failure) = error { base.record(failure, field, listPath, .index(index)) }
            if field.shape[depth] == .nonNull { throw .bubble }
            out.append(contentsOf: JSONBytes.null)
        }
    }
}
