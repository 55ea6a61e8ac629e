import CXft
