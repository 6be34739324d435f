// The kit objects that hold a ViewModel's sources, looked into by ViewModelInspection.
extension PagedList: OutputHolding {}
extension Paginator: OutputHolding {}
extension LoginGate: OutputHolding {}
