//go:build layer_runtime

package main

func main() {}
