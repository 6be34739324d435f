import AgoraAPI
import AgoraArchitecture
import AgoraModels

/// What happens on the template items list: what happens on every list, and a row chosen.
@MainActor
public protocol TemplateItemsViewModelInputs: ListViewModelInputs {
    /// The user chose the row `id`: its screen opens, or, when the row left the list since it
    /// was shown, an error says so (never another row's screen).
    func rowTapped(_ id: TemplateItemRow.ID)
}

/// What the template items list shows: rows, cached ones first, then fresh ones as pages
/// arrive; a row changes when its template item changes in the cache.
@MainActor
public protocol TemplateItemsViewModelOutputs: ListViewModelOutputs where Row == TemplateItemRow {}

/// Where the template items list asks to go, a chosen row's screen (``TemplateItemRow/route``);
/// only its coordinator observes this.
@MainActor
public protocol TemplateItemsNavigationEvents: ListNavigationEvents {}

/// The template items list's ViewModel as its view and coordinator see it.
@MainActor
public protocol TemplateItemsViewModelType: ViewModel {
    var inputs: any TemplateItemsViewModelInputs { get }
    var outputs: any TemplateItemsViewModelOutputs { get }
    var navigation: any TemplateItemsNavigationEvents { get }
    /// The work inputs started; await it instead of sleeping.
    var work: WorkTracker { get }
}
