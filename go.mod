module bittern

go 1.19
