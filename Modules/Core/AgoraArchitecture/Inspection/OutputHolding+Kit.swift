// The kit objects that hold a ViewModel's sources, looked into by ViewModelInspection.
extension CachedPagedList: OutputHolding {}
extension Paginator: OutputHolding {}
extension LoginGate: OutputHolding {}
