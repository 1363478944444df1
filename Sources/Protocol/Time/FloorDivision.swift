// Calendar arithmetic needs division that rounds toward negative infinity:
// an instant one second before 1970 belongs to day -1, not day 0, and Swift's
// `/` truncates toward zero.

/// `a / b` rounded toward negative infinity (`b` must be positive).
func floorDivide<T: BinaryInteger>(_ a: T, _ b: T) -> T {
    let quotient = a / b
    return (a % b != 0 && a < 0) ? quotient - 1 : quotient
}

/// The remainder that goes with `floorDivide`: always in `0..<b` (`b` must be positive).
func floorModulo<T: BinaryInteger>(_ a: T, _ b: T) -> T {
    let remainder = a % b
    return remainder < 0 ? remainder + b : remainder
}
