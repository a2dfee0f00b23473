/// A bounded, evenly spaced, deterministic sample of a stream: every `stride`-th element.
///
/// Starts by keeping everything; whenever more than `capacity` elements are kept it drops every
/// other kept element and doubles the stride, so memory stays bounded and the kept elements are
/// always those whose position in the stream is a multiple of ``stride``.
package struct StrideSample<Element: Sendable>: Sendable {
    /// The most elements kept at once.
    package let capacity: Int
    /// The kept elements, in stream order.
    package private(set) var elements: [Element] = []
    /// How many elements the stream has offered.
    package private(set) var total = 0
    /// The distance, in stream positions, between kept elements.
    package private(set) var stride = 1

    /// A sample keeping at most `capacity` (at least 1) elements.
    package init(capacity: Int) {
        self.capacity = max(capacity, 1)
    }

    /// Offers the next element of the stream.
    package mutating func append(_ element: Element) {
        defer { total += 1 }
        guard total % stride == 0 else { return }
        elements.append(element)
        if elements.count > capacity {
            var halved: [Element] = []
            halved.reserveCapacity(elements.count / 2 + 1)
            for index in Swift.stride(from: 0, to: elements.count, by: 2) { halved.append(elements[index]) }
            elements = halved
            stride *= 2
        }
    }
}

extension StrideSample: Equatable where Element: Equatable {}
