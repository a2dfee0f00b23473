internal import LocSimCLibXML2Helpers

/// libxml2's generic (non-structured) error handler of the calling thread, as saved by
/// ``muteGenericErrors()`` so that ``restoreGenericErrors(_:)`` can put it back.
package struct GenericErrorHandler {
    /// The handler function (libxml2's variadic `xmlGenericErrorFunc`, opaque to Swift).
    fileprivate var handler: OpaquePointer?
    /// The context libxml2 passes to it.
    fileprivate var context: UnsafeMutableRawPointer?
}

/// Silences libxml2's thread-local generic error handler, which prints to stderr for errors that
/// have no parser context (such as encoding conversion failures), and returns the previous one.
package func muteGenericErrors() -> GenericErrorHandler {
    let saved = GenericErrorHandler(handler: __xmlGenericError()?.pointee, context: __xmlGenericErrorContext()?.pointee)
    xmlSetGenericErrorFunc(nil, OpaquePointer(locsim_xmlIgnoreGenericErrorHandler()))
    return saved
}

/// Restores a handler saved by ``muteGenericErrors()``.
package func restoreGenericErrors(_ saved: GenericErrorHandler) {
    xmlSetGenericErrorFunc(saved.context, saved.handler)
}
