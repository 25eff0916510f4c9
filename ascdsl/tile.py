"""`from ascdsl import tile as asc2`: the tile language (implemented in ascdsl.frontend.tile)."""

from ascdsl.frontend.tile import *  # noqa: F403
from ascdsl.frontend.tile import __all__  # noqa: F401
