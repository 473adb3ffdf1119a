"""The examples in the algebra's docstrings run, as doctests: every public
function of layoutc.algebra, layoutc.int_tuple and layoutc.pictures shows its math on one
example whose output is the algebra's."""
import doctest
import unittest

import layoutc.algebra
import layoutc.int_tuple
import layoutc.pictures


class DocstringExamplesTest(unittest.TestCase):
    def test_examples_run(self):
        for module in (layoutc.algebra, layoutc.int_tuple, layoutc.pictures):
            with self.subTest(module=module.__name__):
                result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
                self.assertGreater(result.attempted, 5)
                self.assertEqual(result.failed, 0)


if __name__ == "__main__":
    unittest.main()
