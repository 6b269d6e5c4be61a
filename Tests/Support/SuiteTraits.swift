import Testing

extension Trait where Self == TimeLimitTrait {
    /// Every suite's time limit, 10 minutes: a guard against hangs, not a speed target (speed
    /// targets live in `frost bench` and `Benchmarks/`). Swift Testing counts a test's wait for
    /// a free core against its limit, so anything shorter fails on a busy 2-core run.
    /// `Scripts/check_tests.py` (in CI) checks that every suite carries it.
    public static var hangLimit: Self { .timeLimit(.minutes(10)) }
}
