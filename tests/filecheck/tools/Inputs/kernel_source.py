# A kernel line for tools/pyasc-locations.mlir to point at.
def kernel(z_local, x_local, h_local, n):
    asc.add(z_local, x_local, h_local, n)
