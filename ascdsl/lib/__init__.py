"""pyasc's host-side libraries (`asc.lib`): `ascdsl.lib.host`, the matmul tiling library, and
`ascdsl.lib.runtime`, the few runtime queries pyasc's host code makes (the SoC version).

pyasc builds both from CANN's C++ libraries; ascdsl computes them in Python from its one SoC
table (`ascdsl.dialects.ascendc.soc`), so they run without CANN.
"""
