"""No import cycle between eote_ref's modules, counting the imports inside functions.

An import inside a function still ties the two modules together: it only moves the failure
from start-up to the first call, and hides the knot from import-linter's layer contracts.
Imports under ``if TYPE_CHECKING:`` count too: they never run, but a type one module names
from another ties them as much (issue 32 broke three such knots). grimp (installed with
import-linter) lists every ``import`` statement of a module, wherever it stands.
"""

from __future__ import annotations

import grimp


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, edges = work[-1]
            for nxt in edges:
                if nxt not in index:
                    index[nxt] = low[nxt] = len(index)
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, iter(sorted(graph.get(nxt, ())))))
                    break
                if nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    group = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        group.append(member)
                        if member == node:
                            break
                    if len(group) > 1:
                        found.append(sorted(group))
    return found


def test_the_cycle_finder_finds_a_cycle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a", "d"}, "d": set(), "e": {"e"}}
    assert cycles(graph) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def _graph(*, type_checking: bool) -> dict[str, set[str]]:
    built = grimp.build_graph(
        "eote_ref", exclude_type_checking_imports=not type_checking, cache_dir=None
    )
    return {m: set(built.find_modules_directly_imported_by(m)) for m in built.modules}


def test_no_import_cycle_in_eote_ref() -> None:
    assert cycles(_graph(type_checking=False)) == []


def test_no_import_cycle_in_eote_ref_counting_type_checking_imports() -> None:
    """A type named under ``if TYPE_CHECKING:`` lives in the lower module, never the upper."""
    assert cycles(_graph(type_checking=True)) == []
