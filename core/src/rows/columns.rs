//! Column builders for the store's tables, and their export to Python through the Arrow C data interface.
//!
//! [`table!`] declares a table once: its columns in DDL order with their Arrow types. It makes a
//! struct of Arrow builders (one per column, appended row by row with no allocation per value
//! beyond the builders' own buffers) whose `finish` gives a [`RecordBatch`]. [`export`] hands a
//! batch to Python as the two PyCapsules of the Arrow PyCapsule interface (`arrow_schema`,
//! `arrow_array`), which pyarrow imports without copying.

use arrow_array::{Array, RecordBatch, StructArray};
use arrow_data::ffi::FFI_ArrowArray;
use arrow_schema::ffi::FFI_ArrowSchema;
use arrow_schema::{DataType, TimeUnit};
use pyo3::prelude::*;
use pyo3::types::PyCapsule;

pub use arrow_array::builder::{
    BooleanBuilder, Float64Builder, Int16Builder, Int32Builder, Int64Builder, Int8Builder,
    ListBuilder, StringBuilder, TimestampMicrosecondBuilder,
};

/// The builder and the Arrow type of each column type name the tables use.
#[macro_export]
macro_rules! column_type {
    (I64) => { $crate::rows::columns::Int64Builder };
    (I32) => { $crate::rows::columns::Int32Builder };
    (I16) => { $crate::rows::columns::Int16Builder };
    (I8) => { $crate::rows::columns::Int8Builder };
    (F64) => { $crate::rows::columns::Float64Builder };
    (Bool) => { $crate::rows::columns::BooleanBuilder };
    (Str) => { $crate::rows::columns::StringBuilder };
    (Ts) => { $crate::rows::columns::TimestampMicrosecondBuilder };
    (StrList) => { $crate::rows::columns::ListBuilder<$crate::rows::columns::StringBuilder> };
    (I64List) => { $crate::rows::columns::ListBuilder<$crate::rows::columns::Int64Builder> };
}

/// A table: `table!(Name { column: Type, ... })` with Type one of I64, I32, I16, I8, F64, Bool, Str,
/// Ts (timestamp, microseconds, no zone), StrList, I64List.
#[macro_export]
macro_rules! table {
    ($name:ident { $($col:ident : $ty:ident),* $(,)? }) => {
        #[allow(non_snake_case)]
        pub struct $name {
            $(pub $col: $crate::column_type!($ty),)*
        }

        impl Default for $name {
            fn default() -> Self {
                Self { $($col: Default::default(),)* }
            }
        }

        impl $name {
            /// The column names in DDL order.
            pub const COLUMNS: &'static [&'static str] = &[$(stringify!($col)),*];

            /// The rows so far as one batch; the builders start again empty.
            pub fn finish(&mut self) -> arrow_array::RecordBatch {
                let columns: Vec<(&str, arrow_array::ArrayRef)> =
                    vec![$((stringify!($col), std::sync::Arc::new(self.$col.finish()) as arrow_array::ArrayRef)),*];
                $crate::rows::columns::batch(columns)
            }

            /// Rows added (the length of the first column).
            pub fn len(&self) -> usize {
                use arrow_array::builder::ArrayBuilder;
                let lengths = [$(self.$col.len()),*];
                lengths[0]
            }

            pub fn is_empty(&self) -> bool {
                self.len() == 0
            }
        }
    };
}

/// A batch from named columns of equal length.
pub fn batch(columns: Vec<(&str, arrow_array::ArrayRef)>) -> RecordBatch {
    let fields: Vec<arrow_schema::Field> = columns
        .iter()
        .map(|(name, array)| arrow_schema::Field::new(*name, array.data_type().clone(), true))
        .collect();
    let schema = std::sync::Arc::new(arrow_schema::Schema::new(fields));
    let arrays = columns.into_iter().map(|(_, a)| a).collect();
    RecordBatch::try_new(schema, arrays).expect("columns of one table have equal lengths")
}

/// The DuckDB type a column of `data_type` is stored as (the store's DDL names the same).
pub fn duckdb_type(data_type: &DataType) -> &'static str {
    match data_type {
        DataType::Int64 => "BIGINT",
        DataType::Int32 => "INTEGER",
        DataType::Int16 => "SMALLINT",
        DataType::Int8 => "TINYINT",
        DataType::Float64 => "DOUBLE",
        DataType::Boolean => "BOOLEAN",
        DataType::Utf8 => "VARCHAR",
        DataType::Timestamp(TimeUnit::Microsecond, None) => "TIMESTAMP",
        DataType::List(item) => match item.data_type() {
            DataType::Utf8 => "VARCHAR[]",
            DataType::Int64 => "BIGINT[]",
            other => unreachable!("no table has a list of {other}"),
        },
        other => unreachable!("no table has a column of {other}"),
    }
}

/// A batch as the (schema, array) PyCapsules of the Arrow PyCapsule interface.
pub fn export(py: Python<'_>, batch: RecordBatch) -> PyResult<(Py<PyCapsule>, Py<PyCapsule>)> {
    let data = StructArray::from(batch).into_data();
    let schema = FFI_ArrowSchema::try_from(data.data_type())
        .map_err(|e| pyo3::exceptions::PyValueError::new_err(e.to_string()))?;
    let array = FFI_ArrowArray::new(&data);
    let schema = PyCapsule::new_with_value(py, schema, c"arrow_schema")?;
    let array = PyCapsule::new_with_value(py, array, c"arrow_array")?;
    Ok((schema.unbind(), array.unbind()))
}
