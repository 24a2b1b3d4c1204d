#!/usr/bin/env python3
"""The stages of src/nmt/ depend one way (docs/architecture.md): no folder
includes a header of a folder that includes it back, however indirectly,
and every folder includes only the folders its CMake library links (itself
or through them). Run: structure_test.py REPO_DIR"""
import os
import re
import sys


def include_graph(root):
    """folder -> {folder: first file that includes it}"""
    graph = {}
    for folder in sorted(os.listdir(root)):
        path = os.path.join(root, folder)
        if not os.path.isdir(path):
            continue
        edges = graph.setdefault(folder, {})
        for dirpath, _, files in os.walk(path):
            for name in sorted(files):
                if not name.endswith((".h", ".cpp")):
                    continue
                file = os.path.join(dirpath, name)
                with open(file, encoding="utf-8", errors="replace") as f:
                    for used in re.findall(r'#include "nmt/([a-z_0-9]+)/', f.read()):
                        if used != folder:
                            edges.setdefault(used, os.path.relpath(file, root))
    return graph


def link_graph(root):
    """folder -> folders its CMakeLists.txt names as nmt_<folder> libraries"""
    links = {}
    for folder in os.listdir(root):
        cmake = os.path.join(root, folder, "CMakeLists.txt")
        if os.path.exists(cmake):
            with open(cmake, encoding="utf-8") as f:
                links[folder] = set(re.findall(r"\bnmt_([a-z_0-9]+)\b", f.read())) - {folder}
    return links


def reachable(links, start):
    seen, todo = set(), [start]
    while todo:
        for nxt in links.get(todo.pop(), ()):
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return seen


def cycle(graph):
    """One include cycle as a list of folders, or None."""
    state = {}

    def visit(u, stack):
        state[u] = "open"
        stack.append(u)
        for v in graph.get(u, {}):
            if state.get(v) == "open":
                return stack[stack.index(v):] + [v]
            if v not in state:
                found = visit(v, stack)
                if found:
                    return found
        stack.pop()
        state[u] = "done"
        return None

    for u in graph:
        if u not in state:
            found = visit(u, [])
            if found:
                return found
    return None


def problems(root):
    graph, links = include_graph(root), link_graph(root)
    out = []
    loop = cycle(graph)
    if loop:
        out.append("include cycle: " + " -> ".join(loop) + " (" +
                   ", ".join(graph[a][b] for a, b in zip(loop, loop[1:])) + ")")
    for folder, edges in sorted(graph.items()):
        allowed = reachable(links, folder)
        for used, file in sorted(edges.items()):
            if used in graph and used not in allowed:
                out.append(f"{file} includes nmt/{used}/ but nmt_{folder} does not link nmt_{used}")
    return out


def main():
    root = os.path.join(sys.argv[1], "src", "nmt")
    found = problems(root)
    # The check must be able to fail: a made-up include running back up is caught.
    graph = include_graph(root)
    assert "text" in graph and "serve" in graph, "src/nmt/ has no text/ or serve/"
    assert cycle(dict(graph, text=dict(graph["text"], serve="text/x.h"))), "a cycle went unseen"
    for line in found:
        print("structure:", line)
    if found:
        sys.exit(1)
    print(f"structure: {len(graph)} folders, {sum(len(e) for e in graph.values())} folder dependencies, no cycle, "
          "each one linked")


if __name__ == "__main__":
    main()
