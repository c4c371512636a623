# The lit test format of zplc's suite, in a module of its own so that lit's
# worker processes can load it (lit.cfg.py imports it).
import lit.formats
import lit.Test
import lit.TestRunner


class ShTestRequiringRun(lit.formats.ShTest):
    """ShTest whose tests must have a RUN line. With preamble_commands set,
    lit runs a file without one as the preamble alone, which passes; here
    such a file is unresolved, a failure of the suite
    (lit/lit-config/no-run-line.test)."""

    def execute(self, test, litConfig):
        parsed = lit.TestRunner.parseIntegratedTestScript(test, require_script=True)
        if isinstance(parsed, lit.Test.Result):
            return parsed
        return super().execute(test, litConfig)
