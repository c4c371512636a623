// Fixture for scripts/check-diagnostics-tested.py: one error has a test in
// ../tests, the other has none and must be reported.
void check(Diags &diags, Loc loc, const std::string &name) {
  diags.error(loc, "region '" + name + "' is checked by a test");
  diags.error(loc,
              "procedure '" + name + "' is nowhere in the tests");
}
