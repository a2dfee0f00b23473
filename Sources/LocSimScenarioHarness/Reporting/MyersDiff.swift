/// A shortest edit script between two sequences, by Myers' O(ND) algorithm in its linear-space
/// form (find the middle snake, recurse on both halves), after trimming the common prefix and
/// suffix. Elements are compared as integers: callers intern their lines first.
enum MyersDiff {
    enum Operation: Equatable {
        /// The next element of both sequences is the same.
        case equal
        /// The next element of the old sequence is removed.
        case delete
        /// The next element of the new sequence is added.
        case insert
    }

    /// The operations turning `old` into `new`; within each run of changes deletions come before
    /// insertions (as GNU diff and git print them).
    static func operations(from old: [Int], to new: [Int]) -> [Operation] {
        var script = Script(old: old, new: new)
        script.diff(oldRange: 0..<old.count, newRange: 0..<new.count)
        return groupChanges(script.operations)
    }

    private static func groupChanges(_ operations: [Operation]) -> [Operation] {
        var result: [Operation] = []
        result.reserveCapacity(operations.count)
        var deletions = 0
        var insertions = 0
        func flush() {
            result.append(contentsOf: repeatElement(.delete, count: deletions))
            result.append(contentsOf: repeatElement(.insert, count: insertions))
            deletions = 0
            insertions = 0
        }
        for operation in operations {
            switch operation {
            case .equal:
                flush()
                result.append(.equal)
            case .delete: deletions += 1
            case .insert: insertions += 1
            }
        }
        flush()
        return result
    }

    private struct Script {
        let old: [Int]
        let new: [Int]
        var operations: [Operation] = []

        mutating func diff(oldRange: Range<Int>, newRange: Range<Int>) {
            var oldStart = oldRange.lowerBound
            var oldEnd = oldRange.upperBound
            var newStart = newRange.lowerBound
            var newEnd = newRange.upperBound
            var prefix = 0
            while oldStart < oldEnd, newStart < newEnd, old[oldStart] == new[newStart] {
                oldStart += 1
                newStart += 1
                prefix += 1
            }
            var suffix = 0
            while oldEnd > oldStart, newEnd > newStart, old[oldEnd - 1] == new[newEnd - 1] {
                oldEnd -= 1
                newEnd -= 1
                suffix += 1
            }
            operations.append(contentsOf: repeatElement(.equal, count: prefix))
            if oldStart == oldEnd {
                operations.append(contentsOf: repeatElement(.insert, count: newEnd - newStart))
            } else if newStart == newEnd {
                operations.append(contentsOf: repeatElement(.delete, count: oldEnd - oldStart))
            } else if let (x, y) = middleSnake(oldStart: oldStart, oldEnd: oldEnd, newStart: newStart, newEnd: newEnd) {
                diff(oldRange: oldStart..<oldStart + x, newRange: newStart..<newStart + y)
                diff(oldRange: oldStart + x..<oldEnd, newRange: newStart + y..<newEnd)
            } else {
                operations.append(contentsOf: repeatElement(.delete, count: oldEnd - oldStart))
                operations.append(contentsOf: repeatElement(.insert, count: newEnd - newStart))
            }
            operations.append(contentsOf: repeatElement(.equal, count: suffix))
        }

        /// The point (relative to the starts) where a forward and a reverse furthest-reaching
        /// path meet, or `nil` when the ranges share nothing.
        func middleSnake(oldStart: Int, oldEnd: Int, newStart: Int, newEnd: Int) -> (Int, Int)? {
            let n = oldEnd - oldStart
            let m = newEnd - newStart
            let maxD = (n + m + 1) / 2
            let offset = maxD
            let length = 2 * maxD
            var forward = [Int](repeating: -1, count: length + 2)
            var reverse = [Int](repeating: -1, count: length + 2)
            forward[offset + 1] = 0
            reverse[offset + 1] = 0
            let delta = n - m
            let frontOverlaps = delta % 2 != 0
            var forwardStart = 0
            var forwardEnd = 0
            var reverseStart = 0
            var reverseEnd = 0
            for d in 0..<maxD {
                var k1 = -d + forwardStart
                while k1 <= d - forwardEnd {
                    let k1Offset = offset + k1
                    var x1 =
                        (k1 == -d || (k1 != d && forward[k1Offset - 1] < forward[k1Offset + 1]))
                        ? forward[k1Offset + 1] : forward[k1Offset - 1] + 1
                    var y1 = x1 - k1
                    while x1 < n, y1 < m, old[oldStart + x1] == new[newStart + y1] {
                        x1 += 1
                        y1 += 1
                    }
                    forward[k1Offset] = x1
                    if x1 > n {
                        forwardEnd += 2
                    } else if y1 > m {
                        forwardStart += 2
                    } else if frontOverlaps {
                        let k2Offset = offset + delta - k1
                        if k2Offset >= 0, k2Offset < length, reverse[k2Offset] != -1, x1 >= n - reverse[k2Offset] {
                            return (x1, y1)
                        }
                    }
                    k1 += 2
                }
                var k2 = -d + reverseStart
                while k2 <= d - reverseEnd {
                    let k2Offset = offset + k2
                    var x2 =
                        (k2 == -d || (k2 != d && reverse[k2Offset - 1] < reverse[k2Offset + 1]))
                        ? reverse[k2Offset + 1] : reverse[k2Offset - 1] + 1
                    var y2 = x2 - k2
                    while x2 < n, y2 < m, old[oldStart + n - x2 - 1] == new[newStart + m - y2 - 1] {
                        x2 += 1
                        y2 += 1
                    }
                    reverse[k2Offset] = x2
                    if x2 > n {
                        reverseEnd += 2
                    } else if y2 > m {
                        reverseStart += 2
                    } else if !frontOverlaps {
                        let k1Offset = offset + delta - k2
                        if k1Offset >= 0, k1Offset < length, forward[k1Offset] != -1 {
                            let x1 = forward[k1Offset]
                            let y1 = offset + x1 - k1Offset
                            if x1 >= n - x2 { return (x1, y1) }
                        }
                    }
                    k2 += 2
                }
            }
            return nil
        }
    }
}
