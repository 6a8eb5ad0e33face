package budget

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"reflect"
	"slices"
)

// A game's catalog travels from the child to the parent in this package's own
// binary encoding, not gob nor JSON: JSON drops every json:"-" field
// (positions, rules sources, draft list, text count), and gob flattens
// pointers and omits zero values, so a `*bool` holding false (an effect's
// `hand: false` condition) comes back nil and an empty slice comes back
// nil — a different catalog. This encoding walks the Go value with
// reflection and keeps every exported field, nil against non-nil pointers,
// slices and maps, and map keys in sorted order, so that the decoded
// catalog is reflect.DeepEqual to the one the child loaded and the same
// value always encodes to the same bytes. It refuses unexported fields,
// but for a handle tagged budget:"-" (the catalog's art reader), which is
// not data and is not sent: the receiver sets its own.

// maxLen bounds any length read from a stream, so a corrupt stream cannot
// make the parent allocate without limit.
const maxLen = 1 << 28

// Marshal encodes v (any value of plain data types: structs, pointers,
// slices, arrays, maps, strings, booleans and numbers). A pointer at the
// top is followed, so that Unmarshal(data, &x) reads what Marshal(&x) or
// Marshal(x) wrote.
func Marshal(v any) ([]byte, error) {
	e := &encoder{}
	rv := reflect.ValueOf(v)
	if rv.Kind() == reflect.Pointer && !rv.IsNil() {
		rv = rv.Elem()
	}
	if err := e.value(rv); err != nil {
		return nil, err
	}
	return e.buf.Bytes(), nil
}

// Unmarshal decodes data, made by Marshal from a value of the same type,
// into the value ptr points to.
func Unmarshal(data []byte, ptr any) error {
	rv := reflect.ValueOf(ptr)
	if rv.Kind() != reflect.Pointer || rv.IsNil() {
		return errors.New("unmarshal: need a non-nil pointer")
	}
	d := &decoder{r: bufio.NewReader(bytes.NewReader(data))}
	if err := d.value(rv.Elem()); err != nil {
		return fmt.Errorf("unmarshal %s: %w", rv.Elem().Type(), err)
	}
	if _, err := d.r.ReadByte(); err != io.EOF {
		return fmt.Errorf("unmarshal %s: trailing bytes", rv.Elem().Type())
	}
	return nil
}

type encoder struct {
	buf bytes.Buffer
	tmp [binary.MaxVarintLen64]byte
}

func (e *encoder) uvarint(x uint64) {
	n := binary.PutUvarint(e.tmp[:], x)
	e.buf.Write(e.tmp[:n])
}

func (e *encoder) varint(x int64) {
	n := binary.PutVarint(e.tmp[:], x)
	e.buf.Write(e.tmp[:n])
}

func (e *encoder) value(v reflect.Value) error {
	switch v.Kind() {
	case reflect.Bool:
		if v.Bool() {
			e.buf.WriteByte(1)
		} else {
			e.buf.WriteByte(0)
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		e.varint(v.Int())
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		e.uvarint(v.Uint())
	case reflect.Float32, reflect.Float64:
		e.uvarint(math.Float64bits(v.Float()))
	case reflect.String:
		e.uvarint(uint64(v.Len()))
		e.buf.WriteString(v.String())
	case reflect.Pointer:
		if v.IsNil() {
			e.buf.WriteByte(0)
			return nil
		}
		e.buf.WriteByte(1)
		return e.value(v.Elem())
	case reflect.Slice:
		if v.IsNil() {
			e.uvarint(0)
			return nil
		}
		e.uvarint(uint64(v.Len()) + 1)
		if v.Type().Elem().Kind() == reflect.Uint8 {
			e.buf.Write(v.Bytes())
			return nil
		}
		for i := range v.Len() {
			if err := e.value(v.Index(i)); err != nil {
				return err
			}
		}
	case reflect.Array:
		for i := range v.Len() {
			if err := e.value(v.Index(i)); err != nil {
				return err
			}
		}
	case reflect.Map:
		if v.IsNil() {
			e.uvarint(0)
			return nil
		}
		e.uvarint(uint64(v.Len()) + 1)
		// Keys in the order of their encodings: deterministic bytes.
		type kv struct {
			key []byte
			val reflect.Value
		}
		entries := make([]kv, 0, v.Len())
		it := v.MapRange()
		for it.Next() {
			k := &encoder{}
			if err := k.value(it.Key()); err != nil {
				return err
			}
			entries = append(entries, kv{k.buf.Bytes(), it.Value()})
		}
		slices.SortFunc(entries, func(a, b kv) int { return bytes.Compare(a.key, b.key) })
		for _, x := range entries {
			e.buf.Write(x.key)
			if err := e.value(x.val); err != nil {
				return err
			}
		}
	case reflect.Struct:
		t := v.Type()
		for i := range t.NumField() {
			f := t.Field(i)
			if notData(f) {
				continue
			}
			if !f.IsExported() {
				return fmt.Errorf("%s.%s: unexported fields cannot be sent", t, f.Name)
			}
			if err := e.value(v.Field(i)); err != nil {
				return fmt.Errorf("%s.%s: %w", t, f.Name, err)
			}
		}
	default:
		return fmt.Errorf("cannot encode a value of kind %s (%s)", v.Kind(), v.Type())
	}
	return nil
}

// notData reports a field tagged `budget:"-"`: not data but a handle on
// the child's world (the catalog's art reader, its content folder), which
// is not sent; the receiver sets its own.
func notData(f reflect.StructField) bool { return f.Tag.Get("budget") == "-" }

type decoder struct {
	r *bufio.Reader
}

func (d *decoder) uvarint() (uint64, error) {
	x, err := binary.ReadUvarint(d.r)
	if err == io.EOF {
		err = io.ErrUnexpectedEOF
	}
	return x, err
}

// length reads a length written as n+1 (0: nil).
func (d *decoder) length() (n int, isNil bool, err error) {
	x, err := d.uvarint()
	if err != nil {
		return 0, false, err
	}
	if x == 0 {
		return 0, true, nil
	}
	if x-1 > maxLen {
		return 0, false, fmt.Errorf("length %d too large", x-1)
	}
	return int(x - 1), false, nil
}

func (d *decoder) value(v reflect.Value) error {
	switch v.Kind() {
	case reflect.Bool:
		b, err := d.r.ReadByte()
		if err != nil {
			return io.ErrUnexpectedEOF
		}
		v.SetBool(b != 0)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		x, err := binary.ReadVarint(d.r)
		if err != nil {
			return io.ErrUnexpectedEOF
		}
		v.SetInt(x)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		x, err := d.uvarint()
		if err != nil {
			return err
		}
		v.SetUint(x)
	case reflect.Float32, reflect.Float64:
		x, err := d.uvarint()
		if err != nil {
			return err
		}
		v.SetFloat(math.Float64frombits(x))
	case reflect.String:
		x, err := d.uvarint()
		if err != nil {
			return err
		}
		if x > maxLen {
			return fmt.Errorf("string length %d too large", x)
		}
		b := make([]byte, x)
		if _, err := io.ReadFull(d.r, b); err != nil {
			return io.ErrUnexpectedEOF
		}
		v.SetString(string(b))
	case reflect.Pointer:
		b, err := d.r.ReadByte()
		if err != nil {
			return io.ErrUnexpectedEOF
		}
		if b == 0 {
			v.SetZero()
			return nil
		}
		p := reflect.New(v.Type().Elem())
		if err := d.value(p.Elem()); err != nil {
			return err
		}
		v.Set(p)
	case reflect.Slice:
		n, isNil, err := d.length()
		if err != nil {
			return err
		}
		if isNil {
			v.SetZero()
			return nil
		}
		if v.Type().Elem().Kind() == reflect.Uint8 {
			b := make([]byte, n)
			if _, err := io.ReadFull(d.r, b); err != nil {
				return io.ErrUnexpectedEOF
			}
			v.SetBytes(b)
			return nil
		}
		// Grow as elements arrive rather than trusting n for the
		// allocation: a corrupt length then fails on EOF, not on memory.
		s := reflect.MakeSlice(v.Type(), 0, min(n, 1024))
		elem := reflect.New(v.Type().Elem()).Elem()
		for range n {
			elem.SetZero()
			if err := d.value(elem); err != nil {
				return err
			}
			s = reflect.Append(s, elem)
		}
		v.Set(s)
	case reflect.Array:
		for i := range v.Len() {
			if err := d.value(v.Index(i)); err != nil {
				return err
			}
		}
	case reflect.Map:
		n, isNil, err := d.length()
		if err != nil {
			return err
		}
		if isNil {
			v.SetZero()
			return nil
		}
		m := reflect.MakeMapWithSize(v.Type(), min(n, 1024))
		for range n {
			k := reflect.New(v.Type().Key()).Elem()
			if err := d.value(k); err != nil {
				return err
			}
			x := reflect.New(v.Type().Elem()).Elem()
			if err := d.value(x); err != nil {
				return err
			}
			m.SetMapIndex(k, x)
		}
		v.Set(m)
	case reflect.Struct:
		t := v.Type()
		for i := range t.NumField() {
			if notData(t.Field(i)) {
				continue
			}
			if !t.Field(i).IsExported() {
				return fmt.Errorf("%s.%s: unexported field", t, t.Field(i).Name)
			}
			if err := d.value(v.Field(i)); err != nil {
				return fmt.Errorf("%s: %w", t.Field(i).Name, err)
			}
		}
	default:
		return fmt.Errorf("cannot decode a value of kind %s", v.Kind())
	}
	return nil
}
