"""Fast construction of the frozen, slotted dataclasses the reader and the engine build per line.

Each such class writes its own `__init__`, which stores the fields with plain assignments. There are two
ways the package runs, and both construct these objects quickly:

- compiled by mypyc (the default install, see the README): the class is a native class and the
  assignments in its `__init__` are direct stores, about six times faster than the `__init__` that
  `dataclasses` generates for a frozen class, which calls `object.__setattr__` per field;
- interpreted (an editable install, or an install without the build hook): the assignments would raise
  FrozenInstanceError, so `fast_init` replaces that `__init__` with one that stores each field through
  its slot descriptor: same signature, same defaults, about twice as fast as the generated one.

Either way the instances stay frozen: assigning to a field afterwards raises FrozenInstanceError.
"""

from __future__ import annotations

import dataclasses
import inspect
from types import FunctionType
from typing import Any


def fast_init(*classes: type) -> None:
    """Make the written `__init__` of each interpreted frozen, slotted dataclass in `classes` work (see
    the module docstring); classes that mypyc compiled are left as they are."""
    for cls in classes:
        if not isinstance(cls.__dict__.get("__init__"), FunctionType):
            continue  # compiled: its own __init__ stores the fields natively
        _replace_init(cls)


def _replace_init(cls: type) -> None:
    if not dataclasses.is_dataclass(cls) or "__slots__" not in cls.__dict__:
        raise TypeError(f"{cls.__name__} is not a slotted dataclass")
    written = cls.__dict__["__init__"]
    names = [field.name for field in dataclasses.fields(cls)]
    # the compiled build runs the written __init__: it must take the fields in order, and do nothing else
    if list(inspect.signature(written).parameters)[1:] != names or hasattr(cls, "__post_init__"):
        raise TypeError(f"{cls.__name__}.__init__ must take exactly the fields, in order: {', '.join(names)}")
    namespace: dict[str, Any] = {}
    params: list[str] = []
    body: list[str] = []
    for field in dataclasses.fields(cls):
        if not field.init or field.kw_only or field.default_factory is not dataclasses.MISSING:
            raise TypeError(f"{cls.__name__}.{field.name}: fast_init handles plain positional fields only")
        namespace[f"_set_{field.name}"] = cls.__dict__[field.name].__set__
        if field.default is dataclasses.MISSING:
            params.append(field.name)
        else:
            namespace[f"_default_{field.name}"] = field.default
            params.append(f"{field.name}=_default_{field.name}")
        body.append(f"    _set_{field.name}(self, {field.name})")
    source = f"def __init__(self, {', '.join(params)}):\n" + "\n".join(body or ["    pass"]) + "\n"
    # generated from the field names, as dataclasses itself does
    exec(compile(source, f"<fast_init of {cls.__qualname__}>", "exec"), namespace)
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__doc__ = written.__doc__
    setattr(cls, "__init__", init)  # noqa: B010 - mypy does not allow assigning a method directly
