"""`asc.DataType` as pyasc builds it: by name, the one instance of that type."""

import pickle

import pytest

import ascdsl as asc


def test_data_type_by_name_is_the_known_type():
    # pyasc's test_vadd_sw: tmp_queue.alloc_tensor(asc.DataType("int32")).
    assert asc.DataType("int32") is asc.int32
    assert asc.DataType("half") is asc.float16
    assert asc.DataType("uint8").sizeof() == 1
    assert pickle.loads(pickle.dumps(asc.DataType("float32"))) is asc.float32


def test_an_unknown_data_type_name_is_a_value_error_listing_the_names():
    with pytest.raises(ValueError, match=r"'int33' names no data type \(known: .*int32"):
        asc.DataType("int33")
