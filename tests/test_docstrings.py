"""Issue 17: every public name of the package and of the agents has a docstring, which the API
reference (mkdocstrings) renders: every module, every top-level function and class whose name
does not start with ``_``, and every such method (properties included) of those classes."""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
TREES = ("ghoststories_env", "agents")
DEFINITIONS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)


def undocumented(path: Path) -> list[str]:
    """The public names of one module that lack a docstring, as ``path:line name``."""
    where = path.relative_to(ROOT).as_posix()
    module = ast.parse(path.read_text(), filename=where)
    missing = [] if ast.get_docstring(module) else [f"{where}: module"]
    for node in module.body:
        if not isinstance(node, DEFINITIONS) or node.name.startswith("_"):
            continue
        if not ast.get_docstring(node):
            missing.append(f"{where}:{node.lineno} {node.name}")
        if isinstance(node, ast.ClassDef):
            missing += [f"{where}:{m.lineno} {node.name}.{m.name}" for m in node.body
                        if isinstance(m, DEFINITIONS[:2]) and not m.name.startswith("_")
                        and not ast.get_docstring(m)]
    return missing


@pytest.mark.parametrize("tree", TREES)
def test_docstrings__every_public_name_has_one(tree):
    files = sorted((ROOT / tree).rglob("*.py"))
    assert files
    missing = [name for path in files for name in undocumented(path)]
    assert not missing, (f"{len(missing)} public name(s) without a docstring:\n  "
                         + "\n  ".join(missing))
