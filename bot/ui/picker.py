"""Narrowing a list too long for one message: the options are split into at most 25 ranges, each
range again into at most 25, until a range fits one select. A node's path ("3", "3.1") names it in
a component's custom_id, so the open step lives in the message and survives a restart."""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.ui.limits import SELECT_LABEL, SELECT_OPTIONS

Labels = list[tuple[str, str]]  # (option id, label)


@dataclass
class Node:
    path: str
    items: Labels
    children: list[Node] = field(default_factory=list)

    @property
    def is_leaf(self) -> bool:
        return not self.children

    def label(self) -> str:
        """The range as the reader sees it: its first and last labels."""
        first, last = self.items[0][1], self.items[-1][1]
        text = first if first == last else f"{first} … {last}"
        return text[:SELECT_LABEL]

    def path_of(self, option_id: str) -> str:
        """The path of the deepest range holding ``option_id`` ("" if none does)."""
        for child in self.children:
            if any(oid == option_id for oid, _ in child.items):
                return child.path_of(option_id) if not child.is_leaf else child.path
        return ""


def chunk(labels: Labels, path: str = "") -> Node:
    node = Node(path, labels)
    if len(labels) <= SELECT_OPTIONS:
        return node
    span = SELECT_OPTIONS
    while -(-len(labels) // span) > SELECT_OPTIONS:
        span *= SELECT_OPTIONS
    parts = -(-len(labels) // span)
    size, extra = divmod(len(labels), parts)  # even ranges: 127 -> 22, 21, 21, 21, 21, 21
    start = 0
    for i in range(parts):
        end = start + size + (1 if i < extra else 0)
        node.children.append(chunk(labels[start:end], f"{path}.{i}" if path else str(i)))
        start = end
    return node


def node_at(node: Node, step: str | None) -> Node | None:
    """The child named by one step of a path, or None (no step, or a forged one)."""
    if step is None or not (step.isascii() and step.isdigit()) or int(step) >= len(node.children):
        return None
    return node.children[int(step)]


def leaf(node: Node) -> Labels:
    return node.items
