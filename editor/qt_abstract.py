"""Abstract base classes of Qt classes.

`abc.ABC` cannot be mixed into a PyQt class: PyQt's metaclass (sip.wrappertype) and ABCMeta conflict. A metaclass
derived from both lets `@abstractmethod` work as it does elsewhere: a subclass that leaves an abstract method
unimplemented cannot be instantiated, and says which method is missing."""

from abc import ABCMeta

from PyQt6 import sip


class QtABCMeta(sip.wrappertype, ABCMeta):
    pass
