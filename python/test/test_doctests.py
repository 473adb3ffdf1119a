"""The examples in the package's docstrings run, as doctests: every public
name of layoutc shows its math on one example whose output is the
algebra's (or the kernels', compiled with no GPU). And every public name
has a docstring with an example, but those whose only example needs a GPU
or depends on the machine (they give the math and a usage line instead)."""
import doctest
import importlib
import importlib.util
import inspect
import pkgutil
import unittest

import layoutc

# Every module of the package, the private ones too (torch_ops where torch is).
MODULES = [layoutc] + [importlib.import_module("layoutc." + m.name) for m in pkgutil.iter_modules(layoutc.__path__)
                       if m.name != "torch_ops" or importlib.util.find_spec("torch") is not None]

# The public API whose docstrings must each show an example: layoutc's
# names, and those of its public modules.
DOCUMENTED = ["layoutc", "layoutc.values", "layoutc.query_answers", "layoutc.algebra", "layoutc.layout_constructors",
              "layoutc.layout_modes", "layoutc.int_tuple", "layoutc.tuple_structure", "layoutc.pictures",
              "layoutc.kernels", "layoutc.distributed", "layoutc.dispatch_combine", "layoutc.tensors",
              "layoutc.dlpack", "layoutc.inner_functions"]

# Public names whose example cannot run here: it needs a GPU (a launch, a
# CUDA DLPack producer, an NCCL process group) or its answer depends on the
# machine's driver.
NO_EXAMPLE = {"DeviceError", "InternalError", "device_count", "copy", "gather", "scatter", "Kernel.launch",
              "Kernel.launch_copy",
              "Pending.resolve", "redistribute", "dispatch", "combine"}


def public_names(module):
    """(qualified name, object) of the module's public functions and classes
    (its __all__, else those it defines without a leading `_`), and of the
    public methods and properties of those classes."""
    names = getattr(module, "__all__", None)
    if names is None:
        names = [n for n, v in vars(module).items()
                 if not n.startswith("_") and getattr(v, "__module__", None) == module.__name__]
    for name in names:
        obj = getattr(module, name)
        if not (inspect.isfunction(obj) or inspect.isclass(obj)):
            continue  # constants and type aliases (IntTuple) have no docstring of their own
        yield name, obj
        if inspect.isclass(obj):
            for attribute, member in vars(obj).items():
                if attribute.startswith("_"):
                    continue
                if isinstance(member, (staticmethod, classmethod)):
                    member = member.__func__
                if inspect.isfunction(member) or isinstance(member, property):
                    yield "%s.%s" % (name, attribute), member


class DocstringExamplesTest(unittest.TestCase):
    def test_examples_run(self):
        for module in MODULES:
            with self.subTest(module=module.__name__):
                result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
                self.assertGreater(result.attempted, 0)
                self.assertEqual(result.failed, 0)

    def test_every_public_name_has_a_docstring_with_an_example(self):
        for module_name in DOCUMENTED:
            module = importlib.import_module(module_name)
            for name, obj in public_names(module):
                with self.subTest(name="%s.%s" % (module_name, name)):
                    doc = obj.__doc__  # its own (inspect.getdoc would take a base class's)
                    self.assertTrue(doc, "no docstring")
                    if name not in NO_EXAMPLE:
                        self.assertIn(">>> ", doc, "no example")


if __name__ == "__main__":
    unittest.main()
