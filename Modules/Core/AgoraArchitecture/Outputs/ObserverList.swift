/// The observers of one output or signal, called synchronously in the order they subscribed.
@MainActor
final class ObserverList<Value> {
    private var observers: [Int: (Value) -> Void] = [:]
    private var nextID = 0

    func add(_ observer: @escaping @MainActor (Value) -> Void) -> Int {
        nextID += 1
        observers[nextID] = observer
        return nextID
    }

    func remove(_ id: Int) {
        observers[id] = nil
    }

    func send(_ value: Value) {
        for id in observers.keys.sorted() {
            observers[id]?(value)
        }
    }
}
