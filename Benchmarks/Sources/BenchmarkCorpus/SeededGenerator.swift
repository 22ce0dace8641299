/// A small deterministic random number generator (SplitMix64), so the corpus is the same on
/// every machine, every Swift version and every run. `SystemRandomNumberGenerator` is never used.
///
/// SplitMix64: Steele, Lea and Flood, "Fast splittable pseudorandom number generators" (2014);
/// the constants are the published ones.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// Creates a generator whose whole output is determined by `seed`.
    public init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A double in `0 ..< 1` with 53 random bits (Python's `random.random()`).
    public mutating func unit() -> Double {
        Double(next() >> 11) * 0x1p-53
    }

    /// An integer in `range`, both ends included (Python's `random.randint`).
    ///
    /// Uses rejection sampling rather than `Int.random(in:using:)`, whose algorithm the standard
    /// library does not promise to keep, so the corpus never changes under a new toolchain.
    public mutating func int(in range: ClosedRange<Int>) -> Int {
        let span = UInt64(range.upperBound - range.lowerBound) + 1
        let limit = UInt64.max - UInt64.max % span
        var value = next()
        while value >= limit { value = next() }
        return range.lowerBound + Int(value % span)
    }

    /// One element of `items` (Python's `random.choice`).
    public mutating func choice<T>(_ items: [T]) -> T {
        items[int(in: 0...(items.count - 1))]
    }

    /// Shuffles in place with Fisher–Yates (Python's `random.shuffle`).
    public mutating func shuffle<T>(_ items: inout [T]) {
        guard items.count > 1 else { return }
        for index in stride(from: items.count - 1, to: 0, by: -1) {
            items.swapAt(index, int(in: 0...index))
        }
    }

    /// `count` distinct elements of `items` in random order (Python's `random.sample`).
    public mutating func sample<T>(_ items: [T], count: Int) -> [T] {
        var pool = items
        for index in 0..<count {
            pool.swapAt(index, int(in: index...(pool.count - 1)))
        }
        return Array(pool[0..<count])
    }

    /// `count` random bytes (Python's `random.randbytes`).
    public mutating func bytes(_ count: Int) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(count + 8)
        while result.count < count {
            var word = next()
            for _ in 0..<8 {
                result.append(UInt8(truncatingIfNeeded: word))
                word >>= 8
            }
        }
        result.removeLast(result.count - count)
        return result
    }
}
