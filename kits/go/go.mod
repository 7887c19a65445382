module mybot

go 1.22
